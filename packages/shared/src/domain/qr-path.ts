/**
 * A QR code's dark modules as one SVG path, one rectangle per horizontal run (a short path, crisp
 * at any size): what the printed documents and the companion's summary code draw.
 */

/** The module matrix of a QR code, as the `qrcode` package's `create` gives it. */
export interface QrModules {
  size: number
  get: (row: number, column: number) => number | boolean
}

/** The SVG path of `modules`, offset by a quiet zone of `quietZone` modules. */
export function qrPath(modules: QrModules, quietZone: number): string {
  const n = modules.size
  let path = ''
  for (let y = 0; y < n; y += 1) {
    let x = 0
    while (x < n) {
      if (!modules.get(y, x)) {
        x += 1
        continue
      }
      const start = x
      while (x < n && modules.get(y, x)) x += 1
      path += `M${start + quietZone} ${y + quietZone}h${x - start}v1h${start - x}z`
    }
  }
  return path
}

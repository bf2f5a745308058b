/**
 * LOAD_CATEGORIES_ERROR: when the exercise list cannot be shown (in practice an
 * unreadable draft, since the catalog ships with the page), say so with the code and offer a new
 * session, rather than a blank page. The session header above it keeps working.
 */
import { Component } from 'react'
import type { ReactNode } from 'react'
import { AlertTriangle } from 'lucide-react'
import {
  LOAD_CATEGORIES_ERROR,
  LOAD_CATEGORIES_FAILED,
} from '@myodocs/shared/constants/document-messages'
import { Button } from '../../../components/ui/button'

type Props = { children: ReactNode; onStartNew: () => void }

export class CatalogErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false }

  static getDerivedStateFromError() {
    return { failed: true }
  }

  override render() {
    if (!this.state.failed) return this.props.children
    return (
      <div
        role="alert"
        className="flex flex-col items-center gap-3 rounded-xl border border-amber-200 bg-amber-50 p-6 text-center"
      >
        <AlertTriangle className="size-8 text-amber-500" aria-hidden />
        <p className="text-sm text-amber-900">{LOAD_CATEGORIES_FAILED}</p>
        <p className="font-mono text-xs text-amber-700">{LOAD_CATEGORIES_ERROR}</p>
        <div className="flex flex-wrap justify-center gap-2">
          <Button
            onClick={() => {
              this.props.onStartNew()
              this.setState({ failed: false })
            }}
          >
            Start a new session
          </Button>
          <Button variant="outline" onClick={() => window.location.reload()}>
            Reload Page
          </Button>
        </div>
      </div>
    )
  }
}

/**
 * The keyed hash of a recipient address the email log keeps beside the encrypted address, so
 * sends to one recipient can be counted or matched without the address in the clear. Case and
 * surrounding spaces do not make another recipient.
 */
import { keyedHash } from '../lib/crypto'

export function recipientHash(appSecret: string, address: string): string {
  return keyedHash(appSecret, 'email-recipient', address.trim().toLowerCase())
}

/** The contact form: a message to support. */
export { sendContactMessage } from './service'

// The passwords feature as other features use it: the password input with its strength meter,
// the policy, the generator, and the change-password card of the profile tab.
export { PasswordField } from './components/password-field'
export { PasswordStrengthMeter } from './components/password-strength'
export { NewPasswordFields } from './components/new-password-fields'
export { recheckConfirmation } from './recheck-confirmation'
export { usePasswordStrength } from './hooks/use-password-strength'
export { usePasswordPolicy } from './api/get-password-policy'
export { useGenerateSecurePassword } from './api/generate-secure-password'
export { ChangePasswordCard } from './components/change-password-card'

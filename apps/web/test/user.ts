/** The signed-in user as `GET /api/auth/me` answers it (UserSchema), for screens that read one. */
import type { User } from '@myodocs/shared/contracts/auth'

export function buildUser(overrides: Partial<User> = {}): User {
  return {
    id: '0b6f2f8e-0000-4000-8000-000000000001',
    email: 'avery@clinic.test',
    firstName: 'Avery',
    lastName: 'Lee',
    therapistTitle: 'Myofunctional Therapist',
    therapistPhone: '(555) 123-4567',
    licenseNumber: '',
    businessId: '0b6f2f8e-0000-4000-8000-0000000000b1',
    businessName: 'Bright Smiles Myo',
    isPrimaryUser: true,
    createdAt: '2026-11-01T10:00:00.000Z',
    subscription: { monthlyPdfGenerated: 0, monthlyPdfLimit: 10 },
    businessSubscription: null,
    ...overrides,
  }
}

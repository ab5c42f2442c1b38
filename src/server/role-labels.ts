import type { Role } from './db-schema';

/** Every role by its own name in the back office frame (English): a verifier is not the counter's "User". */
export const ROLE_LABELS: Record<Role, string> = {
  admin: 'Admin', user: 'User', officer: 'Officer', editor: 'Editor', cashier: 'Cashier', verifier: 'Verifier', inspector: 'Inspector', approver: 'Approver',
};

import type { SocialProvider } from 'shared-contracts';

export type AccountType = 'PLATFORM' | 'THIRD_PARTY';
export type Role = 'player' | 'agent';
export const ROLES: readonly Role[] = ['player', 'agent'];

/** Who a valid session token belongs to; handed to the handlers of every endpoint that needs a session. */
export interface AuthenticatedAccount {
  sessionId: number;
  accountId: number;
  /** The account name as stored. */
  account: string;
  type: AccountType;
  role: Role;
  /** An agent with the support lead's permission (migration 0017): the lead's dashboard is theirs. */
  lead: boolean;
  /** The session was started with remember me (a password change's fresh session is too). */
  remember: boolean;
}

/** Social providers this deployment offers (OAUTH_<PROVIDER>_CLIENT_ID set), in display order. */
export type ConfiguredProviders = readonly SocialProvider[];

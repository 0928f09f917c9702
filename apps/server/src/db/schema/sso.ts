import { index, jsonb, pgTable, smallint, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.js';
import { users } from './system.js';

/**
 * IDM users: an external identity seen through single sign-on (an OpenID Connect issuer's subject,
 * or a trusted sibling system's user), and the local account it signs in as once authorised.
 * `status` 0 待授权, 1 已授权, 2 已停用 (an administrator stopped it or its owner unbound it).
 */
export const ssoIdentities = pgTable(
  'sso_identity',
  {
    id: id(),
    issuer: varchar('issuer', { length: 500 }).notNull(),
    subject: varchar('subject', { length: 255 }).notNull(),
    /** The value of the configured claim (OIDC_USER_CLAIM) that names the local account. */
    claimedName: varchar('claimed_name', { length: 64 }),
    displayName: varchar('display_name', { length: 64 }),
    email: varchar('email', { length: 320 }),
    phone: varchar('phone', { length: 20 }),
    status: smallint('status').notNull().default(0),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    authorisedBy: uuid('authorised_by'),
    authorisedAt: timestamp('authorised_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('sso_identity_issuer_subject_uq').on(t.issuer, t.subject),
    index('sso_identity_user_idx').on(t.userId),
  ],
);

/**
 * Short-lived single-use values of sign-on, keyed by a hash of what the browser holds: an OIDC
 * flow's state (with its nonce and PKCE verifier), a hand-off code the web exchanges for its session,
 * and the `jti` of a used sibling-system token (kept until that token would have expired). Taking
 * one deletes it in the same statement, so a value is used once across instances.
 */
export const ssoTickets = pgTable(
  'sso_ticket',
  {
    key: varchar('key', { length: 128 }).primaryKey(),
    kind: varchar('kind', { length: 16 }).notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sso_ticket_expires_idx').on(t.expiresAt)],
);

import { isValidIdNumber } from '@odp/contracts';
import type { Config } from '../../config.js';

export type IdentityClaim = { name: string; idNumber: string };
/** `verified`: the provider confirmed the name and number belong together; `pending`: not decided yet. */
export type IdentityOutcome = { state: 'verified' | 'pending' | 'rejected'; by: string };

/**
 * Checks a 实名认证 claim, chosen by `IDENTITY_VERIFIER`. A real provider (the 公安 citizen-identity
 * service, a bank-card check…) implements `verify` and is added to `createIdentityVerifier`.
 */
export type IdentityVerifier = { readonly name: string; verify(claim: IdentityClaim): Promise<IdentityOutcome> };

/**
 * The built-in verifier checks only the number's GB 11643 check character and birth date: that proves
 * nothing about the person, so the claim stays 未认证 (pending a real provider) unless the deployment
 * says it trusts the checksum (`checksum-trusted`, for demos).
 */
export function checksumVerifier(trusted: boolean): IdentityVerifier {
  const name = trusted ? 'checksum-trusted' : 'checksum';
  return {
    name,
    async verify({ idNumber }) {
      if (!isValidIdNumber(idNumber)) return { state: 'rejected', by: name };
      return { state: trusted ? 'verified' : 'pending', by: name };
    },
  };
}

export function createIdentityVerifier(config: Config): IdentityVerifier {
  return checksumVerifier(config.identityVerifier === 'checksum-trusted');
}

import { Constants } from '@odp/contracts';
import { describe, expect, it } from 'vitest';
import { isPortalPath, landingPath, safeRedirect, signInPath } from './landing';

describe('where a sign-in lands', () => {
  it('sends an officer to the back office and a citizen without a department to the portal', () => {
    expect(landingPath(null, true)).toBe(Constants.homePath);
    expect(landingPath(null, false)).toBe(Constants.portalHomePath);
  });

  it('follows a same-site redirect for both', () => {
    expect(landingPath('/catalogue/datacatalogue/details?id=1', false)).toBe('/catalogue/datacatalogue/details?id=1');
    expect(landingPath('/system/user', true)).toBe('/system/user');
  });

  it('refuses redirects to other sites', () => {
    for (const bad of ['//evil.example', '/\\evil.example', 'https://evil.example', 'javascript:alert(1)', ''])
      expect(safeRedirect(bad)).toBeUndefined();
    expect(landingPath('//evil.example', false)).toBe(Constants.portalHomePath);
  });

  it('knows the portal pages', () => {
    expect(isPortalPath('/catalogue/datacatalogue?catalogName=x')).toBe(true);
    expect(isPortalPath(Constants.homePath)).toBe(false);
  });
});

describe('the way to sign in from an action that needs it', () => {
  it('carries the page back as the redirect', () => {
    const back = '/catalogue/datacatalogue/details?id=abc&apply=1';
    const path = signInPath(back);
    expect(path.startsWith(`${Constants.loginPath}?redirect=`)).toBe(true);
    expect(new URLSearchParams(path.split('?')[1]).get('redirect')).toBe(back);
    // The sign-in page then lands there.
    expect(landingPath(new URLSearchParams(path.split('?')[1]).get('redirect'), false)).toBe(back);
  });

  it('drops a return address of another site', () => {
    for (const bad of ['//evil.example/x', 'https://evil.example', '/\\evil.example', null, undefined, ''])
      expect(signInPath(bad)).toBe(Constants.loginPath);
  });
});

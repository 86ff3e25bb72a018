/**
 * What a CLICS token lets an ICPC tool read (issue 24): `public` what the public board shows, frozen results pending
 * until the unfreeze; `admin` everything, as an admin sees it.
 */
export const CLICS_SCOPES = ['public', 'admin'] as const;
export type ClicsScope = (typeof CLICS_SCOPES)[number];

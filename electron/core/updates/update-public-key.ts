/**
 * The Ed25519 public key every update must be signed with (scripts/sign-update.mjs). It is compiled into the app, so
 * whoever can write to the update folder still cannot make a till install their code.
 *
 * RELEASE OWNER: this key was generated during development as a placeholder and its private half was not kept.
 * Before the first signed release, run `node scripts/sign-update.mjs keygen <folder outside the repository>`, paste
 * the public key it prints here, and keep the private key offline (docs/developer/platform-and-release.md).
 */
export const UPDATE_PUBLIC_KEY_PEM = `-----BEGIN PUBLIC KEY-----
MCowBQYDK2VwAyEAhxvnbawUoqdQRnoBLrZzB9tEJZsE4H9QWvn6dYDvKsw=
-----END PUBLIC KEY-----
`;

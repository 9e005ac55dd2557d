import { createPasswordHasher } from '../src/passwords';

const testCost = { memoryCost: 1024, timeCost: 1, parallelism: 1 };

// Written by the `argon2` package (0.45) before the switch to Node's crypto.argon2: accounts made then
// must still sign in. It orders the parameters m, p, t.
const WRITTEN_BEFORE = [
  {
    password: 'correct horse battery staple',
    hash: '$argon2id$v=19$m=1024,p=1,t=1$vC2Z3eGK3bByU+G6ej5qrA$jkVs+svbBGcIwEAoKbImGNyQrVMYv3rjMuuzcLS7/mg',
  },
  {
    password: 'demo-viewer-1',
    hash: '$argon2id$v=19$m=19456,p=1,t=2$Ycz9oX96yU3blzVNKgg4Wg$W3x2XDdRB+8DaG3GbCIL4D9AGyVVm3zUiooh4F3dQ54',
  },
  {
    password: 'пароль-Ünïcode',
    hash: '$argon2id$v=19$m=65536,p=4,t=3$xD5AX4q129IERjJe/Bgozw$b1b+wS3MGQfZq+QC3zMppdP84jxwdhn41DR1X/+Vr3M',
  },
];

describe('password hashing', () => {
  const hasher = createPasswordHasher(testCost);

  it.each(WRITTEN_BEFORE)(
    'a password stored by the previous argon2 library still signs in',
    async ({ password, hash }) => {
      await expect(hasher.verify(hash, password)).resolves.toBe(true);
      await expect(hasher.verify(hash, `${password}!`)).resolves.toBe(false);
    },
  );

  it('stores an argon2id PHC string with the configured cost and a fresh salt', async () => {
    const first = await hasher.hash('s3cret-pass');
    const second = await hasher.hash('s3cret-pass');
    expect(first).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(second).not.toBe(first);
    await expect(hasher.verify(first, 's3cret-pass')).resolves.toBe(true);
    await expect(hasher.verify(first, 's3cret-pasS')).resolves.toBe(false);
  });

  it('checks a hash with the cost it was made with, not the current one', async () => {
    const cheap = await hasher.hash('kept across a cost change');
    const stronger = createPasswordHasher({ memoryCost: 2048, timeCost: 2, parallelism: 1 });
    await expect(stronger.verify(cheap, 'kept across a cost change')).resolves.toBe(true);
  });

  it.each([
    ['empty', ''],
    ['not a PHC string', 'plain-text-password'],
    ['another version', WRITTEN_BEFORE[0].hash.replace('v=19', 'v=16')],
    ['a missing parameter', WRITTEN_BEFORE[0].hash.replace(',t=1', '')],
    ['a zero cost', WRITTEN_BEFORE[0].hash.replace('m=1024', 'm=0')],
    ['a cut hash', WRITTEN_BEFORE[0].hash.slice(0, -30)],
    ['a salt too short for argon2', '$argon2id$v=19$m=1024,p=1,t=1$c2FsdA$jkVs+svbBGcIwEAoKbImGNyQrVMYv3rjMuuzcLS7/mg'],
  ])('a malformed stored hash (%s) is a failed sign-in, not a crash', async (_name, hash) => {
    await expect(hasher.verify(hash, 'correct horse battery staple')).resolves.toBe(false);
  });
});

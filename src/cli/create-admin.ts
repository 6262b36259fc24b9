// Creates an admin account. Admins are refused by the web app; they exist for the company's other tools.
//   echo 'long-admin-password' | npm run admin:create -- --first Ada --last Obi --email ada@x.ng --phone 08030000000
import { text } from 'node:stream/consumers';
import { parseArgs } from 'node:util';
import { adminSchema, createAdmin } from '../server/services/admins.ts';
import { openCommandDatabase } from './database.ts';

const { values } = parseArgs({
  options: {
    first: { type: 'string' },
    last: { type: 'string' },
    email: { type: 'string' },
    phone: { type: 'string' },
  },
});

// The password comes on standard input so that it never shows in the process list or shell history.
const password = process.stdin.isTTY ? '' : (await text(process.stdin)).split('\n')[0]?.trim();

const parsed = adminSchema.safeParse({
  firstName: values.first,
  lastName: values.last,
  email: values.email,
  telephone: values.phone,
  password,
});
if (!parsed.success) {
  for (const issue of parsed.error.issues) console.error(`- ${issue.message}`);
  console.error(
    "Usage: echo 'password' | npm run admin:create -- --first A --last B --email a@b.ng --phone 080...",
  );
  process.exit(1);
}

const handle = await openCommandDatabase();
try {
  const result = await createAdmin(handle.db, parsed.data);
  console.log(
    result.created ? `Created admin ${parsed.data.telephone}` : `Made ${parsed.data.telephone} an admin`,
  );
} finally {
  await handle.close();
}

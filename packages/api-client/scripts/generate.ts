import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { generateSchema, SCHEMA_FILE } from './schema.js';

/** npm run generate -w @portal/api-client: writes src/schema.d.ts from the server's registry. */
const text = await generateSchema();
fs.writeFileSync(SCHEMA_FILE, text);
process.stdout.write(`wrote ${fileURLToPath(SCHEMA_FILE)} (${text.length} characters)\n`);

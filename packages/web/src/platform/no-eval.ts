import { validateWithoutEval } from '@portal/contract/no-eval';

// Imported first by main.tsx: the portal's content security policy refuses eval, so zod must not probe for it,
// and it decides that when a schema is built: before the contract's schemas are.
validateWithoutEval();

// The contract's data types (generated from openapi.yaml into domain/api-schema.d.ts), for the
// machines and rules that may not import src/api themselves: what a call answers is whatever
// the contract says, never a copy of it.
import type { components } from '@domain/api-schema';

export type Schemas = components['schemas'];

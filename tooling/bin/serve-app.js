#!/usr/bin/env node
// Runs the TypeScript static server without a build step.
import { register } from 'tsx/esm/api';

register();
await import('../src/serve-app.ts');

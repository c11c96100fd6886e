import type { FastifyInstance } from 'fastify';
import type { Services } from '../engine/context.ts';

/** Register, password reset, profile and front-end logging: see the account helper's implementation. */
export function registerAccountRoutes(_app: FastifyInstance, _s: Services): void {}

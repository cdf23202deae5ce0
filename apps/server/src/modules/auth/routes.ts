import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const plugin: FastifyPluginAsyncZod = async () => {};

export const authModule = fp(plugin, { name: 'auth', encapsulate: true, dependencies: ['audit'] });

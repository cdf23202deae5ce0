import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const plugin: FastifyPluginAsyncZod = async () => {};

export const usersModule = fp(plugin, { name: 'users', encapsulate: true, dependencies: ['audit'] });

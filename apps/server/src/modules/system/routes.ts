import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const plugin: FastifyPluginAsyncZod = async () => {};

export const systemModule = fp(plugin, { name: 'system', encapsulate: true, dependencies: ['audit'] });

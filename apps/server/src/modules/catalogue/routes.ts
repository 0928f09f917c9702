import type { FastifyInstance } from 'fastify';
import { categoryRoutes } from './category/routes.js';
import { entryRoutes } from './entry/routes.js';
import { flowRoutes } from './flow/routes.js';
import { ioRoutes } from './io/routes.js';
import { workOrderRoutes } from './workorder/routes.js';

/** The data-resource catalogue: categories, entries, their lifecycle, work orders, import and export. */
export async function catalogueRoutes(app: FastifyInstance) {
  await app.register(categoryRoutes);
  await app.register(entryRoutes);
  await app.register(flowRoutes);
  await app.register(workOrderRoutes);
  await app.register(ioRoutes);
}

// The file module: stored images (logos, icons, alarm pictures) found by id, and their upload and download.
import fp from 'fastify-plugin';
import { fileRoutes } from './routes.js';
import { createFileService, type FileService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    files: FileService;
  }
}

export default fp(
  async (app) => {
    const files = createFileService({ db: app.db, dataDir: app.config.dataDir });
    app.addHook('onClose', async () => files.close());
    app.decorate('files', files);
    fileRoutes(app, files);
  },
  { name: 'file', dependencies: ['session'] },
);

// The activity module: the project overview's recent events, kept for a while and then pruned.
import fp from 'fastify-plugin';
import { every } from '../../clock.js';
import { activityRepo } from './repo.js';
import { activityRoutes } from './routes.js';

export default fp(
  async (app) => {
    activityRoutes(app, app.db);
    // A daily look is plenty for a retention counted in days.
    every(app, 86_400_000, 'activity retention', () => activityRepo.prune(app.db, app.clock.now()));
  },
  { name: 'activity', dependencies: ['session'] },
);

// Process entry: config, then serve (database, listen, graceful shutdown).
import { loadConfig } from './config.js';
import { die, serve } from './serve.js';

// loadConfig throws synchronously: inside the chain, so a bad setting reaches die() as one line.
Promise.resolve()
  .then(() => serve(loadConfig()))
  .catch(die);

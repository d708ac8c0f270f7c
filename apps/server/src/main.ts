// Process entry: config, then serve (database, listen, graceful shutdown).
import { loadConfig } from './config.js';
import { die, serve } from './serve.js';

serve(loadConfig()).catch(die);

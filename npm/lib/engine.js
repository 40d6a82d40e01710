// The one engine instance every Node module of the package shares.
import { loadEngine } from './engine-node.js';

export const { engine, implementation, loadFailures } = loadEngine();

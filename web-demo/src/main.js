// Entry: starts the wasm engine, then the three views. The first view plans the bundled
// example at once, so the update plan is visible without a click.
import * as upkeep from 'upkeep';
import { mountFileView } from './file-view.js';
import { mountReleaseView } from './release-view.js';
import { mountRiskView } from './risk-view.js';
import './style.css';

const tabs = /** @type {NodeListOf<HTMLButtonElement>} */ (document.querySelectorAll('[data-tab]'));

/** Shows one tab. @param {string} name */
function show(name) {
  for (const tab of tabs) {
    const on = tab.dataset.tab === name;
    tab.setAttribute('aria-selected', String(on));
    /** @type {HTMLElement} */ (document.getElementById(`tab-${tab.dataset.tab}`)).hidden = !on;
  }
}
for (const tab of tabs) tab.addEventListener('click', () => show(/** @type {string} */ (tab.dataset.tab)));

const status = /** @type {HTMLElement} */ (document.getElementById('engine-status'));
try {
  await upkeep.init();
  status.textContent = `engine: ${upkeep.implementation}`;
  const fileView = mountFileView(/** @type {HTMLElement} */ (document.getElementById('tab-file')));
  mountReleaseView(/** @type {HTMLElement} */ (document.getElementById('tab-release')), (file) => {
    fileView.open(file);
    show('file');
  });
  mountRiskView(/** @type {HTMLElement} */ (document.getElementById('tab-risk')));
  document.body.dataset.ready = 'true';
} catch (error) {
  status.textContent = 'engine failed to load';
  status.classList.add('bad');
  document.querySelector('main')?.prepend(Object.assign(document.createElement('p'), { className: 'error', textContent: String(error) }));
  throw error;
}

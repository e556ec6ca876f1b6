// What the flows site shows about one machine (its states with labels and screenshots, its
// transitions, the walked paths, the mutation score): built by site.ts, rendered by site-pages.ts.
import type { StateInfo, TransitionInfo } from './machine-graph';
import type { FoundMachine } from './machines';
import type { LabelLanguage } from './state-labels';
import type { WalkedPath } from './walked-paths';

/** One screenshot slot of a state: a language and a width, and the picture if there is one. */
export interface ShotSlot {
  language: LabelLanguage;
  width: number;
  /** Path inside the site (`shots/…png`), or null when no screenshot shows this state. */
  src: string | null;
  route: string | null;
}

export interface SiteState extends StateInfo {
  labels: Record<LabelLanguage, string>;
  shots: ShotSlot[];
  /** No screenshot in any language or width shows the machine in this state. */
  unreached: boolean;
  /** Indexes (into SiteMachine.paths) of the walked paths that pass through this state. */
  paths: number[];
}

export interface SiteTransition extends TransitionInfo {
  /** Dotted state paths ('' for the root). */
  sourcePath: string;
  targetPaths: string[];
  paths: number[];
}

export interface SiteMachine {
  found: FoundMachine;
  /** The machine file's opening comment: what the flow is for. */
  about: string;
  states: SiteState[];
  transitions: SiteTransition[];
  /** Undefined when the model tests have not run here. */
  paths: WalkedPath[] | undefined;
  /** Undefined when no mutation report covers the machine's file. */
  mutationScore: number | undefined;
  /** Atomic and final states no screenshot shows. */
  unreachedCount: number;
}

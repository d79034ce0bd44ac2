import type { Rule } from 'eslint';

export declare const PLATFORM: string;
export declare function placeOf(file: string): { layer: string; area: string | null; door: boolean } | null;
export declare const areaDoors: Rule.RuleModule;

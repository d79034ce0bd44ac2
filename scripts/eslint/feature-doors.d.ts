import type { Rule } from 'eslint';

export declare const featureDoors: Rule.RuleModule;

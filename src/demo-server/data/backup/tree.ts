/** Demo backup data: tree model: specs (what a plan contains) and nodes (the generated items). */
import type { ItemStatus } from '../../../shared/model/backup';
import { compareNames } from './ids';

interface FileSpec {
  kind: 'file';
  name: string;
  size?: number;
  revisions?: number;
  status?: ItemStatus;
  deleted?: boolean;
  /** Days since the newest revision (removed, missing and deleted items are older). */
  ageDays?: number;
  /** Its revisions calls always answer 500. */
  unreadable?: boolean;
  /** Id key instead of the path (ids hash the lowercased path: names differing only in case need one). */
  idKey?: string;
}

export interface FolderSpec {
  kind: 'folder';
  name: string;
  children: readonly NodeSpec[] | (() => NodeSpec[]);
  status?: ItemStatus;
  deleted?: boolean;
  /** Its content call always answers 500. */
  broken?: boolean;
  /** The huge folder: content computed from the index, `bigFolderItems` items. */
  archive?: boolean;
}

export type NodeSpec = FileSpec | FolderSpec;

export function file(name: string, extra: Omit<FileSpec, 'kind' | 'name'> = {}): FileSpec {
  return { kind: 'file', name, ...extra };
}

export function folder(name: string, children: FolderSpec['children'] = [], extra: Omit<FolderSpec, 'kind' | 'name' | 'children'> = {}): FolderSpec {
  return { kind: 'folder', name, children, ...extra };
}

interface NodeBase {
  id: string;
  name: string;
  /** Full path, with the plan's separator. */
  path: string;
  status: ItemStatus;
  deleted: boolean;
}

export interface FileNode extends NodeBase {
  kind: 'file';
  size: number;
  backupSize: number;
  revisionCount: number;
  ageDays: number;
  unreadable: boolean;
}

export interface FolderNode extends NodeBase {
  kind: 'folder';
  broken: boolean;
  listing(): Listing;
}

export type TreeNode = FileNode | FolderNode;

/** The sorted content of one folder: folders first, then files, each by name (case-insensitive). */
export interface Listing {
  readonly count: number;
  /** Computed from an index rather than held in memory (the huge folder). */
  readonly computed: boolean;
  nameAt(position: number): string;
  isFolderAt(position: number): boolean;
  at(position: number): TreeNode;
}

export class ArrayListing implements Listing {
  readonly computed = false;
  readonly nodes: TreeNode[];

  constructor(nodes: TreeNode[]) {
    this.nodes = [...nodes].sort((a, b) => (a.kind === b.kind ? compareNames(a.name, b.name) : a.kind === 'folder' ? -1 : 1));
  }

  get count(): number {
    return this.nodes.length;
  }

  nameAt(position: number): string {
    return this.node(position).name;
  }

  isFolderAt(position: number): boolean {
    return this.node(position).kind === 'folder';
  }

  at(position: number): TreeNode {
    return this.node(position);
  }

  private node(position: number): TreeNode {
    const node = this.nodes[position];
    if (!node) throw new RangeError(`No item at ${position}`);
    return node;
  }
}

/**
 * A listing without some of its items (deleted through the deletion calls):
 * `excluded` holds the base positions left out, ascending. Position p maps to
 * the p-th base position not excluded, in O(excluded) — a page costs only its
 * own size plus the deletions, also in the huge folder.
 */
export class FilteredListing implements Listing {
  constructor(
    private readonly base: Listing,
    private readonly excluded: readonly number[],
  ) {}

  get computed(): boolean {
    return this.base.computed;
  }

  get count(): number {
    return this.base.count - this.excluded.length;
  }

  private basePosition(position: number): number {
    if (position < 0 || position >= this.count) throw new RangeError(`No item at ${position}`);
    let base = position;
    for (const skipped of this.excluded) {
      if (skipped <= base) base += 1;
      else break;
    }
    return base;
  }

  nameAt(position: number): string {
    return this.base.nameAt(this.basePosition(position));
  }

  isFolderAt(position: number): boolean {
    return this.base.isFolderAt(this.basePosition(position));
  }

  at(position: number): TreeNode {
    return this.base.at(this.basePosition(position));
  }
}

export function lazyListing(build: () => Listing): () => Listing {
  let listing: Listing | undefined;
  return () => (listing ??= build());
}

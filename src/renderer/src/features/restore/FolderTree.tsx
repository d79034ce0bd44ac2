/**
 * The device folder tree (spec/backup-restore.md §2, §4 "Device file tree"):
 * the live folders of a target device, loaded lazily when a folder expands, a
 * page of 1000 children at a time with a 'Load More' node when a folder's
 * child count is a multiple of the limit. In `select` mode a click chooses one
 * folder (the restore destination); in `check` mode checking a parent checks
 * its children, a partial selection half-checks the parent, and only the
 * top-level checked entries are reported.
 */
import { Checkbox, Classes, Icon, NonIdealState, Spinner, Tree, type TreeNodeInfo } from '@blueprintjs/core';
import { forwardRef, useCallback, useEffect, useImperativeHandle, useMemo, useRef, useState } from 'react';
import type { DirectoryEntry } from '../../../../shared/model/restore';
import { FILE_TREE_DEFAULT_HEIGHT, FILE_TREE_PAGE_LIMIT } from '../../../../shared/rules/limits';
import { MESSAGES } from '../../../../shared/rules/messages';
import { needsLoadMore, samePath, toggleTreeCheck, topLevelChecked, type TreeCheckState, type TreeShape } from '../../../../shared/rules/restore';
import { api } from '../../api/client';

const ROOT = '';
const LOAD_MORE = '\u0000load-more:';

interface FolderState {
  entry: DirectoryEntry | null;
  parent: string | null;
  children: string[] | null;
  /** Pages loaded so far. */
  pages: number;
  loading: boolean;
  failed: boolean;
}

export interface FolderTreeHandle {
  /** Re-reads a folder's children (after New Folder) and optionally selects one of them. */
  refresh(path: string, select?: string): Promise<void>;
}

interface FolderTreeProps {
  nodeId: number;
  windows: boolean;
  mode: 'select' | 'check';
  selected?: string | null;
  onSelect?(path: string): void;
  /** Check mode: the top-level checked paths. */
  onCheckedChange?(paths: string[]): void;
  height?: number;
}

export const FolderTree = forwardRef<FolderTreeHandle, FolderTreeProps>(function FolderTree(props, ref) {
  const { nodeId, windows, mode } = props;
  const [folders, setFolders] = useState<Record<string, FolderState>>({ [ROOT]: { entry: null, parent: null, children: null, pages: 0, loading: false, failed: false } });
  const foldersRef = useRef(folders);
  useEffect(() => {
    foldersRef.current = folders;
  }, [folders]);
  const [expanded, setExpanded] = useState<Set<string>>(new Set());
  const [check, setCheck] = useState<TreeCheckState>({ checked: new Set(), halfChecked: new Set() });

  const load = useCallback(
    async (path: string, page: number) => {
      setFolders((all) => ({ ...all, [path]: { ...all[path]!, loading: true, failed: false } }));
      try {
        const answer = await api.call('restore.listDirectory', { nodeId, path, page });
        setFolders((all) => {
          const next = { ...all };
          const folder = next[path]!;
          const keys = page === 0 ? [] : [...(folder.children ?? [])];
          for (const entry of answer.results) {
            keys.push(entry.path);
            next[entry.path] = next[entry.path] ?? { entry, parent: path, children: entry.type === 'FILE' ? [] : null, pages: 0, loading: false, failed: false };
          }
          next[path] = { ...folder, children: keys, pages: page + 1, loading: false, failed: false };
          return next;
        });
      } catch {
        setFolders((all) => ({ ...all, [path]: { ...all[path]!, loading: false, failed: true } }));
      }
    },
    [nodeId],
  );

  useEffect(() => {
    void load(ROOT, 0);
  }, [load]);

  useImperativeHandle(
    ref,
    () => ({
      async refresh(path, select) {
        const known = Object.keys(foldersRef.current).find((k) => samePath(k, path, windows)) ?? path;
        if (!foldersRef.current[known]) return;
        await load(known, 0);
        setExpanded((set) => new Set(set).add(known));
        if (select) props.onSelect?.(select);
      },
    }),
    [load, windows, props],
  );

  const shape: TreeShape = useMemo(
    () => ({
      children: (key) => folders[key]?.children?.filter((k) => folders[k]?.entry?.type === 'FOLDER' || folders[k]?.entry?.type === 'FILE') ?? undefined,
      parent: (key) => {
        const parent = folders[key]?.parent ?? null;
        return parent === ROOT ? null : parent;
      },
    }),
    [folders],
  );

  const toggleChecked = (key: string, checked: boolean) => {
    const next = toggleTreeCheck(shape, check, key, checked);
    setCheck(next);
    props.onCheckedChange?.(topLevelChecked(shape, next.checked));
  };

  const nodesOf = (path: string): TreeNodeInfo<string>[] => {
    const folder = folders[path];
    if (!folder?.children) return [];
    const nodes: TreeNodeInfo<string>[] = folder.children.map((key) => {
      const child = folders[key]!;
      const isFolder = child.entry?.type === 'FOLDER';
      const isOpen = expanded.has(key);
      const label = child.entry?.name ?? key;
      return {
        id: key,
        nodeData: key,
        label:
          mode === 'check' ? (
            <Checkbox
              className="tree-check"
              checked={check.checked.has(key)}
              indeterminate={check.halfChecked.has(key)}
              label={label}
              onClick={(e) => e.stopPropagation()}
              onChange={(e) => toggleChecked(key, e.currentTarget.checked)}
            />
          ) : (
            label
          ),
        icon: isFolder ? (isOpen ? 'folder-open' : 'folder-close') : 'document',
        hasCaret: isFolder,
        isExpanded: isOpen,
        isSelected: mode === 'select' && props.selected !== null && props.selected !== undefined && samePath(props.selected, key, windows),
        disabled: mode === 'select' && !isFolder,
        secondaryLabel: child.loading && child.children !== null ? <Spinner size={12} /> : undefined,
        childNodes: isOpen ? childNodesOf(key, child) : undefined,
      };
    });
    if (needsLoadMore(folder.children.length, FILE_TREE_PAGE_LIMIT) && folder.children.length === folder.pages * FILE_TREE_PAGE_LIMIT) {
      nodes.push({ id: `${LOAD_MORE}${path}`, nodeData: `${LOAD_MORE}${path}`, label: folder.loading ? 'Loading...' : 'Load More', icon: 'more', className: 'tree-load-more' });
    }
    return nodes;
  };

  /** An open folder's children, or a line saying they are loading or could not be listed. */
  const childNodesOf = (key: string, child: FolderState): TreeNodeInfo<string>[] => {
    if (child.failed) {
      return [{ id: `${key}\u0000failed`, label: <span className={Classes.TEXT_MUTED}>{MESSAGES.directoryListingUnavailable}</span>, icon: 'error', disabled: true }];
    }
    if (child.children === null) {
      return [{ id: `${key}\u0000loading`, label: <span className={Classes.TEXT_MUTED}>Loading files from device</span>, icon: <Spinner size={14} className="tree-spinner" />, disabled: true }];
    }
    return nodesOf(key);
  };

  const onClick = (node: TreeNodeInfo<string>) => {
    const key = node.nodeData ?? '';
    if (key.startsWith(LOAD_MORE)) {
      const path = key.slice(LOAD_MORE.length);
      const folder = folders[path];
      if (folder && !folder.loading) void load(path, folder.pages);
      return;
    }
    if (mode === 'select' && folders[key]?.entry?.type === 'FOLDER') props.onSelect?.(key);
  };

  const onExpand = (node: TreeNodeInfo<string>) => {
    const key = node.nodeData ?? '';
    setExpanded((set) => new Set(set).add(key));
    if (folders[key]?.children === null) void load(key, 0);
  };
  const onCollapse = (node: TreeNodeInfo<string>) => {
    const key = node.nodeData ?? '';
    setExpanded((set) => {
      const next = new Set(set);
      next.delete(key);
      return next;
    });
  };

  const root = folders[ROOT]!;
  return (
    <div className="folder-tree" style={{ maxHeight: props.height ?? FILE_TREE_DEFAULT_HEIGHT }} data-testid="folder-tree">
      {root.loading && !root.children ? (
        <NonIdealState icon={<Spinner size={20} />} description="Loading files from device" />
      ) : root.failed ? (
        <NonIdealState icon={<Icon icon="error" />} description={MESSAGES.directoryListingUnavailable} />
      ) : (
        <Tree contents={nodesOf(ROOT)} onNodeClick={onClick} onNodeExpand={onExpand} onNodeCollapse={onCollapse} />
      )}
    </div>
  );
});

/**
 * The device folder tree (spec/backup-restore.md §2, §4 "Device file tree"):
 * the live folders of a target device, loaded lazily when a folder expands, a
 * page of 1000 children at a time with a 'Load More' node when a folder's
 * child count is a multiple of the limit. A click chooses one folder (the
 * restore destination). §4's check mode (checked and half-checked parents) was
 * used by no screen and is gone. Its default height is
 * §9's 500.
 */
import { Classes, Icon, NonIdealState, Spinner, Tree, type TreeNodeInfo } from '@blueprintjs/core';
import { forwardRef, useCallback, useEffect, useImperativeHandle, useRef, useState } from 'react';
import type { DirectoryEntry } from '../../../../shared/model/restore';
import { FILE_TREE_DEFAULT_HEIGHT, FILE_TREE_PAGE_LIMIT } from '../../../../shared/rules/limits';
import { MESSAGES } from '../../../../shared/rules/messages';
import { needsLoadMore, samePath } from '../../../../shared/rules/restore';
import { ownValue, setOwn } from '../../../../shared/rules/own-keys';
import { api } from '../../core/api';

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
  selected: string | null;
  onSelect(path: string): void;
  /** §9: 500 by default. */
  height?: number;
}

export const FolderTree = forwardRef<FolderTreeHandle, FolderTreeProps>(function FolderTree(props, ref) {
  const { nodeId, windows } = props;
  const [folders, setFolders] = useState<Record<string, FolderState>>({ [ROOT]: { entry: null, parent: null, children: null, pages: 0, loading: false, failed: false } });
  const foldersRef = useRef(folders);
  useEffect(() => {
    foldersRef.current = folders;
  }, [folders]);
  const [expanded, setExpanded] = useState<Set<string>>(new Set());

  const load = useCallback(
    async (path: string, page: number) => {
      setFolders((all) => ({ ...all, [path]: { ...ownValue(all, path)!, loading: true, failed: false } }));
      try {
        const answer = await api.call('restore.listDirectory', { nodeId, path, page });
        setFolders((all) => {
          const next = { ...all };
          const folder = ownValue(next, path)!;
          const keys = page === 0 ? [] : [...(folder.children ?? [])];
          for (const entry of answer.results) {
            keys.push(entry.path);
            setOwn(next, entry.path, ownValue(next, entry.path) ?? { entry, parent: path, children: entry.type === 'FILE' ? [] : null, pages: 0, loading: false, failed: false });
          }
          setOwn(next, path, { ...folder, children: keys, pages: page + 1, loading: false, failed: false });
          return next;
        });
      } catch {
        setFolders((all) => ({ ...all, [path]: { ...ownValue(all, path)!, loading: false, failed: true } }));
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
        if (!ownValue(foldersRef.current, known)) return;
        await load(known, 0);
        setExpanded((set) => new Set(set).add(known));
        if (select) props.onSelect(select);
      },
    }),
    [load, windows, props],
  );

  const nodesOf = (path: string): TreeNodeInfo<string>[] => {
    const folder = ownValue(folders, path);
    if (!folder?.children) return [];
    const nodes: TreeNodeInfo<string>[] = folder.children.map((key) => {
      const child = ownValue(folders, key)!;
      const isFolder = child.entry?.type === 'FOLDER';
      const isOpen = expanded.has(key);
      const label = child.entry?.name ?? key;
      return {
        id: key,
        nodeData: key,
        label,
        icon: isFolder ? (isOpen ? 'folder-open' : 'folder-close') : 'document',
        hasCaret: isFolder,
        isExpanded: isOpen,
        isSelected: props.selected !== null && samePath(props.selected, key, windows),
        disabled: !isFolder,
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
      const folder = ownValue(folders, path);
      if (folder && !folder.loading) void load(path, folder.pages);
      return;
    }
    if (ownValue(folders, key)?.entry?.type === 'FOLDER') props.onSelect(key);
  };

  const onExpand = (node: TreeNodeInfo<string>) => {
    const key = node.nodeData ?? '';
    setExpanded((set) => new Set(set).add(key));
    if (ownValue(folders, key)?.children === null) void load(key, 0);
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
    <div className="folder-tree" style={{ height: props.height ?? FILE_TREE_DEFAULT_HEIGHT }} data-testid="folder-tree">
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

/**
 * The device folder tree (spec/backup-restore.md §2, §4 "Device file tree"):
 * the live folders of a target device, loaded lazily when a folder expands, a
 * page of 1000 children at a time with a 'Load More' node when a folder's
 * child count is a multiple of the limit. A click chooses one folder (the
 * restore destination). §4's check mode (checked and half-checked parents) was
 * used by no screen and is gone. Its default height is
 * §9's 500.
 *
 * The keyboard works it as the WAI-ARIA tree pattern (Blueprint's Tree has no
 * keys): one tab stop (the tree, naming its active folder by
 * aria-activedescendant); Up/Down/Home/End move, Right opens a folder (or goes
 * into it), Left closes it (or goes to its parent), Enter or Space chooses it.
 */
import './restore.css';
import { Classes, Icon, NonIdealState, Spinner, Tree, type TreeNodeInfo } from '@blueprintjs/core';
import { forwardRef, useCallback, useEffect, useId, useImperativeHandle, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { DirectoryEntry } from '../../../../shared/model/restore';
import { FILE_TREE_DEFAULT_HEIGHT, FILE_TREE_PAGE_LIMIT } from '../../../../shared/rules/platform/limits';
import { MESSAGES } from '../../../../shared/rules/platform/messages';
import { needsLoadMore, samePath } from '../../../../shared/rules/restore';
import { ownValue, setOwn } from '../../../../shared/rules/platform/own-keys';
import { readTargetDirectory } from './client';

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
  // The keyboard's folder (a key of `folders`, or a Load More or status line's id).
  const [active, setActive] = useState<string | null>(null);
  const idPrefix = useId();
  // Blueprint draws the tree as lists (ul, li): to assistive technology they are nothing, so the treeitems are the tree's
  // own items (their levels say how they nest); its carets and spinners are pictures the treeitems already say
  // (aria-expanded, 'Loading...'). Blueprint's Collapse mounts a folder's children after the click: watched.
  const [treeElement, setTreeElement] = useState<HTMLDivElement | null>(null);
  useEffect(() => {
    if (!treeElement) return;
    const apply = () => {
      for (const list of treeElement.querySelectorAll('ul, li')) if (list.getAttribute('role') !== 'none') list.setAttribute('role', 'none');
      for (const picture of treeElement.querySelectorAll('.bp6-tree-node-caret, .bp6-tree-node-secondary-label')) if (!picture.hasAttribute('aria-hidden')) picture.setAttribute('aria-hidden', 'true');
    };
    apply();
    const observer = new MutationObserver(apply);
    observer.observe(treeElement, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [treeElement]);
  const domId = (key: string) => `${idPrefix}-${encodeURIComponent(key)}`;
  /** A node's label as assistive technology reads it: a treeitem at its level (Blueprint's nodes carry no roles). */
  const item = (key: string, text: ReactNode, level: number, state: { expanded?: boolean; selected?: boolean; disabled?: boolean } = {}) => (
    <span id={domId(key)} role="treeitem" aria-level={level} aria-expanded={state.expanded} aria-selected={state.selected ?? false} aria-disabled={state.disabled || undefined}>
      {text}
    </span>
  );

  const load = useCallback(
    async (path: string, page: number) => {
      setFolders((all) => ({ ...all, [path]: { ...ownValue(all, path)!, loading: true, failed: false } }));
      try {
        const answer = await readTargetDirectory({ nodeId, path, page });
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

  const activeClass = (key: string) => (key === active ? 'folder-tree-node--active' : undefined);
  const nodesOf = (path: string, level = 1): TreeNodeInfo<string>[] => {
    const folder = ownValue(folders, path);
    if (!folder?.children) return [];
    const nodes: TreeNodeInfo<string>[] = folder.children.map((key) => {
      const child = ownValue(folders, key)!;
      const isFolder = child.entry?.type === 'FOLDER';
      const isOpen = expanded.has(key);
      const isSelected = props.selected !== null && samePath(props.selected, key, windows);
      return {
        id: key,
        nodeData: key,
        label: item(key, child.entry?.name ?? key, level, { expanded: isFolder ? isOpen : undefined, selected: isSelected, disabled: !isFolder }),
        icon: isFolder ? (isOpen ? 'folder-open' : 'folder-close') : 'document',
        hasCaret: isFolder,
        isExpanded: isOpen,
        isSelected,
        disabled: !isFolder,
        className: activeClass(key),
        secondaryLabel: child.loading && child.children !== null ? <Spinner size={12} /> : undefined,
        childNodes: isOpen ? childNodesOf(key, child, level + 1) : undefined,
      };
    });
    if (needsLoadMore(folder.children.length, FILE_TREE_PAGE_LIMIT) && folder.children.length === folder.pages * FILE_TREE_PAGE_LIMIT) {
      const key = `${LOAD_MORE}${path}`;
      nodes.push({ id: key, nodeData: key, label: item(key, folder.loading ? 'Loading...' : 'Load More', level), icon: 'more', className: `tree-load-more ${activeClass(key) ?? ''}` });
    }
    return nodes;
  };

  /** An open folder's children, or a line saying they are loading or could not be listed. */
  const childNodesOf = (key: string, child: FolderState, level: number): TreeNodeInfo<string>[] => {
    if (child.failed) {
      const id = `${key}\u0000failed`;
      return [{ id, label: item(id, <span className={Classes.TEXT_MUTED}>{MESSAGES.directoryListingUnavailable}</span>, level, { disabled: true }), icon: 'error', disabled: true, className: activeClass(id) }];
    }
    if (child.children === null) {
      const id = `${key}\u0000loading`;
      return [{ id, label: item(id, <span className={Classes.TEXT_MUTED}>Loading files from device</span>, level, { disabled: true }), icon: <Spinner size={14} className="tree-spinner" />, disabled: true, className: activeClass(id) }];
    }
    return nodesOf(key, level);
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

  const contents = nodesOf(ROOT);
  // The nodes shown, top to bottom, with their parents: what the arrows walk.
  const shown: { node: TreeNodeInfo<string>; parent: TreeNodeInfo<string> | null }[] = [];
  const flatten = (nodes: TreeNodeInfo<string>[], parent: TreeNodeInfo<string> | null) => {
    for (const node of nodes) {
      shown.push({ node, parent });
      if (node.isExpanded && node.childNodes) flatten(node.childNodes, node);
    }
  };
  flatten(contents, null);
  const at = shown.findIndex((entry) => String(entry.node.id) === active);
  useEffect(() => {
    if (active !== null) document.getElementById(domId(active))?.scrollIntoView({ block: 'nearest' });
    // domId is remade each render; the element follows `active`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [active]);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const here = at >= 0 ? shown[at]! : null;
    const go = (index: number) => setActive(String(shown[Math.max(0, Math.min(shown.length - 1, index))]?.node.id ?? ''));
    switch (event.key) {
      case 'ArrowDown':
        go(at + 1);
        break;
      case 'ArrowUp':
        go(at < 0 ? 0 : at - 1);
        break;
      case 'Home':
        go(0);
        break;
      case 'End':
        go(shown.length - 1);
        break;
      case 'ArrowRight':
        if (here?.node.hasCaret && !here.node.isExpanded) onExpand(here.node);
        else if (here?.node.isExpanded && shown[at + 1]?.parent === here.node) go(at + 1);
        break;
      case 'ArrowLeft':
        if (here?.node.isExpanded) onCollapse(here.node);
        else if (here?.parent) setActive(String(here.parent.id));
        break;
      case 'Enter':
      case ' ':
        if (here && !here.node.disabled) onClick(here.node);
        break;
      default:
        return;
    }
    event.preventDefault();
  };

  const root = folders[ROOT]!;
  return (
    <div className="folder-tree" style={{ height: props.height ?? FILE_TREE_DEFAULT_HEIGHT }} data-testid="folder-tree">
      {root.loading && !root.children ? (
        <NonIdealState icon={<Spinner size={20} />} description="Loading files from device" />
      ) : root.failed ? (
        <NonIdealState icon={<Icon icon="error" />} description={MESSAGES.directoryListingUnavailable} />
      ) : (
        <div
          role="tree"
          aria-label="Folders on the device"
          tabIndex={0}
          className="folder-tree-keys"
          ref={setTreeElement}
          aria-activedescendant={at >= 0 ? domId(active!) : undefined}
          onKeyDown={onKeyDown}
          // The keyboard starts on the chosen folder, or the first.
          onFocus={(event) => {
            if (event.target === event.currentTarget && at < 0 && shown.length > 0) setActive(String((shown.find((entry) => entry.node.isSelected) ?? shown[0]!).node.id));
          }}
        >
          <Tree contents={contents} onNodeClick={onClick} onNodeExpand={onExpand} onNodeCollapse={onCollapse} />
        </div>
      )}
    </div>
  );
});

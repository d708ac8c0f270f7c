// A role's project privileges in the editor: which keys are project-level, what a newly chosen project gets.
import { PRIVILEGE_CATALOGUE, type ProjectNode } from '@svc/contracts';
import { describe, expect, it } from 'vitest';
import {
  defaultProjectKeys,
  inOfferedOrder,
  projectKeyGroups,
  projectPaths,
  sameGrants,
  setProjectKeys,
  toggleProject,
} from './project-grants';

const grantable = (keys: string[]) => PRIVILEGE_CATALOGUE.filter((p) => keys.includes(p.key));

describe('projectKeyGroups', () => {
  it('groups the grantable keys under the project menu by menu, leaving out every other area', () => {
    const groups = projectKeyGroups(
      grantable(['project', 'project-add', 'preview', 'device', 'device-show', 'device-edit', 'user', 'user-add']),
    );
    expect(groups).toEqual([
      { key: 'project', keys: ['project', 'project-add'] },
      { key: 'preview', keys: ['preview'] },
      { key: 'device', keys: ['device', 'device-show', 'device-edit'] },
    ]);
  });

  it('offers nothing to a caller who may not grant the project menu', () => {
    expect(projectKeyGroups(grantable(['user', 'user-add']))).toEqual([]);
  });
});

describe('defaultProjectKeys', () => {
  const groups = projectKeyGroups(grantable(['project', 'project-add', 'preview', 'device', 'device-show']));

  it('gives a chosen project the project menu and the project-level functions the role grants', () => {
    expect(defaultProjectKeys(['preview', 'device-show', 'user'], groups)).toEqual([
      'project',
      'preview',
      'device-show',
    ]);
  });

  it('never leaves a chosen project without a key, which the server would drop', () => {
    const withoutMenu = projectKeyGroups(grantable(['project', 'device', 'device-show'])).filter(
      (g) => g.key !== 'project',
    );
    expect(defaultProjectKeys([], withoutMenu)).toEqual(['device']);
  });
});

describe('inOfferedOrder', () => {
  it('shows a project’s keys in the catalogue’s order, whatever order the server stored them in', () => {
    const groups = projectKeyGroups(grantable(['project', 'preview', 'device', 'device-show']));
    expect(inOfferedOrder(['preview', 'device-show', 'project', 'gone', 'device'], groups)).toEqual([
      'project',
      'preview',
      'device',
      'device-show',
      'gone',
    ]);
  });
});

describe('choosing projects', () => {
  it('adds a project with the given keys, changes its keys, and removes it', () => {
    const one = toggleProject([], 11, true, ['project']);
    expect(one).toEqual([{ projectId: 11, privilegeKeys: ['project'] }]);
    const changed = setProjectKeys(one, 11, ['project', 'device-show']);
    expect(changed).toEqual([{ projectId: 11, privilegeKeys: ['project', 'device-show'] }]);
    expect(toggleProject(changed, 11, false, [])).toEqual([]);
  });

  it('compares grants whatever their order, and tells a changed key apart', () => {
    const a = [
      { projectId: 2, privilegeKeys: ['b', 'a'] },
      { projectId: 1, privilegeKeys: ['a'] },
    ];
    expect(
      sameGrants(a, [
        { projectId: 1, privilegeKeys: ['a'] },
        { projectId: 2, privilegeKeys: ['a', 'b'] },
      ]),
    ).toBe(true);
    expect(
      sameGrants(a, [
        { projectId: 1, privilegeKeys: ['a'] },
        { projectId: 2, privilegeKeys: ['a'] },
      ]),
    ).toBe(false);
  });

  it('names a sub-project by its path from the root', () => {
    const n = (id: number, title: string, children: ProjectNode[] = []) => ({ id, title, children }) as ProjectNode;
    const paths = projectPaths([n(1, 'Plaza', [n(2, 'North', [n(3, 'Gate')])])]);
    expect(paths.get(3)).toEqual(['Plaza', 'North', 'Gate']);
  });
});

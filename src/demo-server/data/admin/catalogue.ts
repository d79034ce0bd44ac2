/**
 * The fixed lists of the demo's administration blocks (spec/help-shared-blocks-editor.md §3, ticketing-automations-psa.md §3.5):
 * the scripts a scheduled task's script action runs (between them every §3
 * variable type, required and optional, and one type the spec does not list,
 * PASSWORD, which the console shows as text), the Windows services of
 * GET /webapp/winservice. User roles are the help's (../help/help.ts userRoles,
 * GET /psa/user-roles); node roles and saved searches are the PSA catalogue's (../psa/psa.ts DEVICE_ROLES,
 * DEVICE_GROUPS): a GROUP target is a saved search.
 */

import type { Script, ScriptVariable } from '../../../shared/model/admin';

/** A script variable as the demo answers it: the model's own shape (§3 Script variable). */
type DemoScriptVariable = ScriptVariable;

/** A script as the demo answers it: the model's, with §3.5's parameters (runAs, scriptParam). */
interface DemoScript extends Script {
  parameters: { runAs: string; scriptParam: string };
}

type VariableSpec = [name: string, calculatedName: string, type: string, required: boolean, extra?: Partial<DemoScriptVariable>];

function variables(...specs: VariableSpec[]): DemoScriptVariable[] {
  return specs.map(([name, calculatedName, type, required, extra]) => ({ name, calculatedName, type, description: '', required, valueList: [], defaultValue: null, ...extra }));
}

const WINDOWS = ['WINDOWS'];
const script = (id: number, name: string, description: string, vars: DemoScriptVariable[], more: Partial<DemoScript> = {}): DemoScript => ({
  id,
  uid: `5c1e7a00-0000-4000-8000-${String(id).padStart(12, '0')}`,
  name,
  description,
  language: 'PowerShell',
  operatingSystems: WINDOWS,
  deviceType: 'AGENT',
  parameters: { runAs: 'SYSTEM', scriptParam: '' },
  variables: vars,
  ...more,
});

export const DEMO_SCRIPTS: readonly DemoScript[] = [
  script(1, 'Clear temp files', 'Deletes temporary files older than a number of days.', variables(['Maximum age (days)', 'maxAgeDays', 'INTEGER', true, { defaultValue: '30', description: 'Files older than this are deleted.' }], ['Include user profiles', 'includeUserProfiles', 'CHECKBOX', false, { defaultValue: 'false' }])),
  script(
    2,
    'Collect disk report',
    'Writes a disk usage report and mails it.',
    variables(
      ['Report date', 'reportDate', 'DATE', true],
      ['Changes since', 'changesSince', 'DATETIME', false],
      ['Warning threshold (%)', 'thresholdPercent', 'DECIMAL', true, { defaultValue: '85.5' }],
      ['Format', 'format', 'DROPDOWN', true, { valueList: ['CSV', 'JSON', 'HTML'], defaultValue: 'CSV' }],
      ['Mail to', 'mailTo', 'TEXT', false, { description: 'An address for the report; empty to keep it on the device.' }],
    ),
  ),
  script(3, 'Ping gateway', 'Checks that the gateway answers.', variables(['Gateway address', 'gateway', 'IPADDRESS', true], ['Ping count', 'count', 'INTEGER', false, { defaultValue: '4' }])),
  script(4, 'Restart service by name', 'Restarts one service and waits for it.', variables(['Service name', 'serviceName', 'TEXT', true])),
  script(5, 'Install Google Chrome', 'Installs or updates Chrome for all users.', []),
  script(6, 'Set power plan', 'Switches the active power plan.', variables(['Plan', 'plan', 'DROPDOWN', true, { valueList: ['Balanced', 'High performance', 'Power saver'] }])),
  script(7, 'Rotate local admin password', 'Sets a new local administrator password.', variables(['New password', 'newPassword', 'PASSWORD', true, { description: 'A type this console does not know: typed as text.' }])),
  script(8, 'Flush DNS cache', 'Clears the resolver cache.', [], { language: 'Batch' }),
  script(9, 'Check BitLocker status', 'Reports the BitLocker state of every volume.', variables(['Report only', 'reportOnly', 'CHECKBOX', false, { defaultValue: 'true' }])),
  script(10, 'Schedule reboot', 'Reboots at a given time with a message.', variables(['Reboot at', 'rebootAt', 'DATETIME', true], ['Message', 'message', 'TEXT', false, { defaultValue: 'Your computer restarts for maintenance.' }])),
  script(11, 'Clear macOS caches', 'Empties user and system caches.', [], { language: 'ShellScript', operatingSystems: ['MAC'], parameters: { runAs: 'root', scriptParam: '' } }),
];

/** §3 Windows service: serviceName and displayName, as GET /webapp/winservice lists them. */
export const DEMO_WINDOWS_SERVICES: ReadonlyArray<{ serviceName: string; displayName: string }> = [
  ['AudioSrv', 'Windows Audio'],
  ['BITS', 'Background Intelligent Transfer Service'],
  ['BFE', 'Base Filtering Engine'],
  ['CryptSvc', 'Cryptographic Services'],
  ['Dhcp', 'DHCP Client'],
  ['Dnscache', 'DNS Client'],
  ['EventLog', 'Windows Event Log'],
  ['LanmanServer', 'Server'],
  ['LanmanWorkstation', 'Workstation'],
  ['MpsSvc', 'Windows Defender Firewall'],
  ['MSSQLSERVER', 'SQL Server (MSSQLSERVER)'],
  ['Netlogon', 'Netlogon'],
  ['NlaSvc', 'Network Location Awareness'],
  ['PlugPlay', 'Plug and Play'],
  ['RemoteRegistry', 'Remote Registry'],
  ['RpcSs', 'Remote Procedure Call (RPC)'],
  ['Schedule', 'Task Scheduler'],
  ['SENS', 'System Event Notification Service'],
  ['Spooler', 'Print Spooler'],
  ['SQLSERVERAGENT', 'SQL Server Agent (MSSQLSERVER)'],
  ['TermService', 'Remote Desktop Services'],
  ['Themes', 'Themes'],
  ['TrustedInstaller', 'Windows Modules Installer'],
  ['VSS', 'Volume Shadow Copy'],
  ['W32Time', 'Windows Time'],
  ['WinDefend', 'Microsoft Defender Antivirus Service'],
  ['WinRM', 'Windows Remote Management (WS-Management)'],
  ['Winmgmt', 'Windows Management Instrumentation'],
  ['wuauserv', 'Windows Update'],
  ['W3SVC', 'World Wide Web Publishing Service'],
  ['NinjaRMMAgent', 'NinjaRMMAgent'],
].map(([serviceName, displayName]) => ({ serviceName: serviceName!, displayName: displayName! }));

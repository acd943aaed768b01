/**
 * A seccomp filter (classic BPF, the form bwrap's --seccomp reads) that refuses, with EPERM,
 * the system calls sandboxed code has no business making: debugging other processes, mounts
 * and namespaces, kernel keyrings, BPF, module loading, and the TIOCSTI terminal injection.
 * clone3 answers ENOSYS so libc falls back to clone, whose namespace flags are then checked.
 * Only x86_64 has a table here; elsewhere `seccompProgram()` returns null and the sandbox
 * relies on its namespaces and --disable-userns (the health report says so).
 */
const AUDIT_ARCH_X86_64 = 0xc000003e;
const X32_SYSCALL_BIT = 0x40000000;

const blockedX64: Record<string, number> = {
  ptrace: 101,
  syslog: 103,
  uselib: 134,
  vhangup: 153,
  pivot_root: 155,
  acct: 163,
  chroot: 161,
  settimeofday: 164,
  mount: 165,
  umount2: 166,
  swapon: 167,
  swapoff: 168,
  reboot: 169,
  iopl: 172,
  ioperm: 173,
  init_module: 175,
  delete_module: 176,
  quotactl: 179,
  lookup_dcookie: 212,
  clock_settime: 227,
  kexec_load: 246,
  add_key: 248,
  request_key: 249,
  keyctl: 250,
  unshare: 272,
  perf_event_open: 298,
  name_to_handle_at: 303,
  open_by_handle_at: 304,
  clock_adjtime: 305,
  setns: 308,
  process_vm_readv: 310,
  process_vm_writev: 311,
  finit_module: 313,
  kexec_file_load: 320,
  bpf: 321,
  userfaultfd: 323,
  open_tree: 428,
  move_mount: 429,
  fsopen: 430,
  fsconfig: 431,
  fsmount: 432,
  fspick: 433,
  mount_setattr: 442,
};
const CLONE = 56;
const CLONE3 = 435;
const IOCTL = 16;
const TIOCSTI = 0x5412;
const TIOCLINUX = 0x541c;
// CLONE_NEWNS | NEWCGROUP | NEWUTS | NEWIPC | NEWUSER | NEWPID | NEWNET
const CLONE_NAMESPACES =
  0x00020000 | 0x02000000 | 0x04000000 | 0x08000000 | 0x10000000 | 0x20000000 | 0x40000000;

const RET_ALLOW = 0x7fff0000;
const RET_ERRNO = 0x00050000;
const RET_KILL_PROCESS = 0x80000000;
const EPERM = 1;
const ENOSYS = 38;

// Instruction classes (linux/filter.h).
const LD_W_ABS = 0x20;
const JEQ_K = 0x15;
const JGE_K = 0x35;
const JSET_K = 0x45;
const RET_K = 0x06;

type Insn = { code: number; k: number; jt?: string; jf?: string; label?: string };

function assemble(program: Insn[]): Buffer {
  const labels = new Map<string, number>();
  program.forEach((insn, i) => {
    if (insn.label) labels.set(insn.label, i);
  });
  const out = Buffer.alloc(program.length * 8);
  program.forEach((insn, i) => {
    const jump = (label?: string) => {
      if (!label) return 0;
      const target = labels.get(label);
      if (target === undefined || target <= i || target - i - 1 > 255) throw new Error(`bad jump ${label}`);
      return target - i - 1;
    };
    out.writeUInt16LE(insn.code, i * 8);
    out.writeUInt8(jump(insn.jt), i * 8 + 2);
    out.writeUInt8(jump(insn.jf), i * 8 + 3);
    out.writeUInt32LE(insn.k >>> 0, i * 8 + 4);
  });
  return out;
}

/** The compiled filter for this machine's architecture, or null where there is no table. */
export function seccompProgram(arch: string = process.arch): Buffer | null {
  if (arch !== "x64") return null;
  const program: Insn[] = [
    { code: LD_W_ABS, k: 4 }, // seccomp_data.arch
    { code: JEQ_K, k: AUDIT_ARCH_X86_64, jf: "kill" },
    { code: LD_W_ABS, k: 0 }, // seccomp_data.nr
    { code: JGE_K, k: X32_SYSCALL_BIT, jt: "eperm" },
    ...Object.values(blockedX64).map((nr) => ({ code: JEQ_K, k: nr, jt: "eperm" })),
    { code: JEQ_K, k: CLONE3, jt: "enosys" },
    { code: JEQ_K, k: CLONE, jt: "clone" },
    { code: JEQ_K, k: IOCTL, jt: "ioctl" },
    { code: RET_K, k: RET_ALLOW, label: "allow" },
    { code: LD_W_ABS, k: 16, label: "clone" }, // args[0] (low half): clone flags
    { code: JSET_K, k: CLONE_NAMESPACES, jt: "eperm", jf: "allow2" },
    { code: LD_W_ABS, k: 24, label: "ioctl" }, // args[1] (low half): the request; the kernel reads 32 bits
    { code: JEQ_K, k: TIOCSTI, jt: "eperm" },
    { code: JEQ_K, k: TIOCLINUX, jt: "eperm" },
    { code: RET_K, k: RET_ALLOW, label: "allow2" },
    { code: RET_K, k: RET_ERRNO | ENOSYS, label: "enosys" },
    { code: RET_K, k: RET_ERRNO | EPERM, label: "eperm" },
    { code: RET_K, k: RET_KILL_PROCESS, label: "kill" },
  ];
  return assemble(program);
}

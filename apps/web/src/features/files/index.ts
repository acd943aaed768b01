/** The files feature's public module: the name dialog (new file, new folder, rename) other screens use. */
export { type NameDialog, NameFormDialog } from "./file-entries";

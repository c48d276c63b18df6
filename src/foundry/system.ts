/** The system's id: its settings' namespace, its flags' scope, its folder under `systems/`. */
export const SYSTEM_ID = "cychosys";

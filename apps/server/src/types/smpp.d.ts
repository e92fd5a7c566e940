/**
 * Types for the parts of `smpp` (farhadi/node-smpp 0.5) that Switchboard uses. The package ships
 * none; these follow node_modules/smpp/lib/{smpp,pdu,defs}.js.
 */
declare module 'smpp' {
  import type { EventEmitter } from 'node:events';
  import type { Server as NetServer, Socket } from 'node:net';

  namespace smpp {
    /** A decoded short_message / message_payload: the text (a Buffer if the coding is unknown). */
    interface DecodedMessage {
      /** Information elements of the user data header, each without the UDHL byte. */
      udh?: Buffer[];
      message: string | Buffer;
    }

    /** PDU fields by their SMPP names; what is absent takes the library's default on encode. */
    interface PduFields {
      command_status?: number;
      sequence_number?: number;
      system_id?: string;
      password?: string;
      system_type?: string;
      interface_version?: number;
      addr_ton?: number;
      addr_npi?: number;
      service_type?: string;
      source_addr_ton?: number;
      source_addr_npi?: number;
      source_addr?: string;
      dest_addr_ton?: number;
      dest_addr_npi?: number;
      destination_addr?: string;
      esm_class?: number;
      registered_delivery?: number;
      data_coding?: number;
      /** A Buffer goes out as is; decoded PDUs carry a DecodedMessage. */
      short_message?: Buffer | string | DecodedMessage;
      message_payload?: Buffer | string | DecodedMessage;
      message_id?: string;
      receipted_message_id?: string;
      message_state?: number;
      network_error_code?: Buffer;
      sar_msg_ref_num?: number;
      sar_total_segments?: number;
      sar_segment_seqnum?: number;
    }

    interface PDU extends PduFields {
      command: string;
      command_status: number;
      sequence_number: number;
      isResponse(): boolean;
      /** The matching `<command>_resp` (generic_nack for unknown commands) with our sequence number. */
      response(fields?: PduFields): PDU;
      toBuffer(): Buffer;
    }
    const PDU: {
      /** A new PDU to send. Never pass a key with the value undefined: the encoder reads it. */
      new (command: string, fields?: PduFields): PDU;
      /** Decodes a whole PDU from its bytes. */
      new (buffer: Buffer): PDU;
    };

    interface Session extends EventEmitter {
      socket: Socket;
      /**
       * Queues a PDU; `onResponse` gets the PDU answering a request. Returns false (and never
       * calls back) when the socket is no longer writable.
       */
      send(pdu: PDU, onResponse?: (response: PDU) => void, onSent?: (pdu: PDU) => void): boolean;
      /** Ends the socket gracefully. */
      close(callback?: () => void): void;
      destroy(callback?: () => void): void;
      on(event: 'connect' | 'close', listener: () => void): this;
      on(event: 'error', listener: (error: Error) => void): this;
      on(event: 'pdu', listener: (pdu: PDU) => void): this;
    }

    interface Server extends NetServer {
      /** Open sessions; each is removed when its socket closes. */
      sessions: Session[];
    }

    interface TextCodec {
      encode(text: string): Buffer;
      decode(bytes: Buffer): string;
    }

    function connect(options: { host: string; port: number }): Session;
    function createServer(options: object, listener: (session: Session) => void): Server;

    /** Command status names → values (ESME_ROK, ESME_RINVPASWD, …). */
    const errors: Record<string, number>;
    /** ASCII is the GSM 03.38 default alphabet (one septet per byte); UCS2 is UTF-16BE. */
    const encodings: { ASCII: TextCodec; LATIN1: TextCodec; UCS2: TextCodec };
  }

  export = smpp;
}

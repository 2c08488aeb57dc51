// The codes are part of the wire contract (a tool envelope's `error_code` is typed by them), so
// they live in lib/contracts; the error classes here name them from this module as before.
export {
  cancelledErrorCodes,
  type ErrorCode,
  errorStatus,
  statusOfErrorCode,
} from "@/lib/contracts/error-codes";

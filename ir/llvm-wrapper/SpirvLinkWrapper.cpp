//===- SpirvLinkWrapper.cpp - C shim for SPIRV-Tools' linker --------------===//
//
// Every function here has a C signature declared in ir/src/ffi.rs. Used by
// ir/src/spirv_link.rs.
//
// SPIRV-Tools' linker (Debian's spirv-tools: libSPIRV-Tools-link.a and
// spirv-tools/linker.hpp) has a C++ interface only. This shim links SPIR-V
// modules in process, as `spirv-link --create-library --allow-partial-linkage`
// does: exports are kept, imports without an export stay imports. Messages
// of the linker are collected, never printed.
//
//===----------------------------------------------------------------------===//

#include "spirv-tools/libspirv.hpp"
#include "spirv-tools/linker.hpp"

#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

extern "C" {

/// Links \p N SPIR-V modules (\p Words[I] holds \p Counts[I] words) into one.
/// On success returns 0 and sets \p Out (malloc'd, freed with
/// SyclSpirvLinkFree) and \p OutCount; on failure returns the linker's
/// result code and sets \p Message (malloc'd) to its first message.
int SyclSpirvLink(const uint32_t *const *Words, const size_t *Counts, size_t N,
                  uint32_t **Out, size_t *OutCount, char **Message) {
  *Out = nullptr;
  *OutCount = 0;
  *Message = nullptr;
  spvtools::Context Ctx(SPV_ENV_UNIVERSAL_1_6);
  std::string Messages;
  Ctx.SetMessageConsumer([&Messages](spv_message_level_t Level, const char *,
                                     const spv_position_t &,
                                     const char *Text) {
    if (Level > SPV_MSG_ERROR || !Messages.empty())
      return;
    Messages = Text ? Text : "";
  });
  spvtools::LinkerOptions Options;
  Options.SetCreateLibrary(true);
  Options.SetAllowPartialLinkage(true);
  Options.SetVerifyIds(false);
  std::vector<uint32_t> Linked;
  spv_result_t R = spvtools::Link(Ctx, Words, Counts, N, &Linked, Options);
  if (R != SPV_SUCCESS) {
    if (Messages.empty())
      Messages = "the SPIR-V linker failed (result " + std::to_string(R) + ")";
    *Message = static_cast<char *>(std::malloc(Messages.size() + 1));
    if (*Message)
      std::memcpy(*Message, Messages.c_str(), Messages.size() + 1);
    return R == 0 ? -1 : R;
  }
  *Out = static_cast<uint32_t *>(std::malloc(Linked.size() * sizeof(uint32_t)));
  if (!*Out) {
    return -2;
  }
  std::memcpy(*Out, Linked.data(), Linked.size() * sizeof(uint32_t));
  *OutCount = Linked.size();
  return 0;
}

/// Frees what SyclSpirvLink allocated.
void SyclSpirvLinkFree(void *P) { std::free(P); }

} // extern "C"

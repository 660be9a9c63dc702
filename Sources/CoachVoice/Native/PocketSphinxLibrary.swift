// PocketSphinxLibrary: libpocketsphinx.so.3 + libsphinxbase.so.3 (Debian 12: libpocketsphinx3,
// libsphinxbase3, model in pocketsphinx-en-us) resolved at run time. Only the calls Coach makes;
// signatures from pocketsphinx 5prealpha's pocketsphinx.h / pocketsphinx_search.h / cmd_ln.h / fe.h
// (mfcc_t is float: Debian builds sphinxbase without FIXED_POINT).
// Opaque C structs are raw pointers.

import CoachNative

public struct PocketSphinxLibrary: Sendable {
    public typealias Decoder = OpaquePointer

    let ps_args: @convention(c) () -> OpaquePointer?
    let cmd_ln_parse_r: @convention(c) (OpaquePointer?, OpaquePointer?, Int32, UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, Int32) -> OpaquePointer?
    let cmd_ln_free_r: @convention(c) (OpaquePointer?) -> Int32
    let ps_init: @convention(c) (OpaquePointer?) -> OpaquePointer?
    let ps_free: @convention(c) (OpaquePointer?) -> Int32
    let ps_add_word: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, UnsafePointer<CChar>?, Int32) -> Int32
    let ps_set_jsgf_string: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, UnsafePointer<CChar>?) -> Int32
    let ps_set_keyphrase: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, UnsafePointer<CChar>?) -> Int32
    let ps_set_search: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> Int32
    let ps_start_utt: @convention(c) (OpaquePointer?) -> Int32
    let ps_process_raw: @convention(c) (OpaquePointer?, UnsafePointer<Int16>?, Int, Int32, Int32) -> Int32
    let ps_end_utt: @convention(c) (OpaquePointer?) -> Int32
    let ps_get_hyp: @convention(c) (OpaquePointer?, UnsafeMutablePointer<Int32>?) -> UnsafePointer<CChar>?
    let ps_get_n_frames: @convention(c) (OpaquePointer?) -> Int32
    let ps_seg_iter: @convention(c) (OpaquePointer?) -> OpaquePointer?
    let ps_seg_next: @convention(c) (OpaquePointer?) -> OpaquePointer?
    let ps_seg_word: @convention(c) (OpaquePointer?) -> UnsafePointer<CChar>?
    let ps_seg_prob: @convention(c) (OpaquePointer?, UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?) -> Int32
    // More searches in one decoder (StateSearches): an FSG file read with the decoder's log math
    // and language weight, added under a name, and switched to with ps_set_search.
    let ps_get_logmath: @convention(c) (OpaquePointer?) -> OpaquePointer?
    let ps_set_fsg: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, OpaquePointer?) -> Int32
    let ps_get_prob: @convention(c) (OpaquePointer?) -> Int32
    let fsg_model_readfile: @convention(c) (UnsafePointer<CChar>?, OpaquePointer?, Float) -> OpaquePointer?
    let fsg_model_free: @convention(c) (OpaquePointer?) -> Int32
    // Frequency warping chosen per utterance or speaker (SpeechDecoder+Warping): Coach's own
    // front ends (fe_t, sphinxbase's fe.h), one per warp factor, their cepstra fed to the decoder.
    let ps_process_cep: @convention(c) (OpaquePointer?, UnsafeMutablePointer<UnsafeMutablePointer<Float>?>?, Int32, Int32, Int32) -> Int32
    let cmd_ln_parse_file_r: @convention(c) (OpaquePointer?, OpaquePointer?, UnsafePointer<CChar>?, Int32) -> OpaquePointer?
    let fe_init_auto_r: @convention(c) (OpaquePointer?) -> OpaquePointer?
    let fe_free: @convention(c) (OpaquePointer?) -> Int32
    let fe_get_output_size: @convention(c) (OpaquePointer?) -> Int32
    let fe_start_utt: @convention(c) (OpaquePointer?) -> Int32
    let fe_process_frames: @convention(c) (OpaquePointer?, UnsafeMutablePointer<UnsafePointer<Int16>?>?, UnsafeMutablePointer<Int>?,
                                           UnsafeMutablePointer<UnsafeMutablePointer<Float>?>?, UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?) -> Int32
    let fe_end_utt: @convention(c) (OpaquePointer?, UnsafeMutablePointer<Float>?, UnsafeMutablePointer<Int32>?) -> Int32

    /// Debian packages that provide the library and its English model.
    public static let packages = ["libpocketsphinx3", "pocketsphinx-en-us"]

    public static func load() throws(NativeLibraryError) -> PocketSphinxLibrary {
        let base = try NativeLibrary.open(name: "pocketsphinx", soname: "libsphinxbase.so.3", package: "libsphinxbase3")
        let ps = try NativeLibrary.open(name: "pocketsphinx", soname: "libpocketsphinx.so.3", package: "libpocketsphinx3")
        return PocketSphinxLibrary(
            ps_args: try ps.symbol("ps_args", as: (@convention(c) () -> OpaquePointer?).self),
            cmd_ln_parse_r: try base.symbol("cmd_ln_parse_r", as: (@convention(c) (OpaquePointer?, OpaquePointer?, Int32, UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, Int32) -> OpaquePointer?).self),
            cmd_ln_free_r: try base.symbol("cmd_ln_free_r", as: (@convention(c) (OpaquePointer?) -> Int32).self),
            ps_init: try ps.symbol("ps_init", as: (@convention(c) (OpaquePointer?) -> OpaquePointer?).self),
            ps_free: try ps.symbol("ps_free", as: (@convention(c) (OpaquePointer?) -> Int32).self),
            ps_add_word: try ps.symbol("ps_add_word", as: (@convention(c) (OpaquePointer?, UnsafePointer<CChar>?, UnsafePointer<CChar>?, Int32) -> Int32).self),
            ps_set_jsgf_string: try ps.symbol("ps_set_jsgf_string", as: (@convention(c) (OpaquePointer?, UnsafePointer<CChar>?, UnsafePointer<CChar>?) -> Int32).self),
            ps_set_keyphrase: try ps.symbol("ps_set_keyphrase", as: (@convention(c) (OpaquePointer?, UnsafePointer<CChar>?, UnsafePointer<CChar>?) -> Int32).self),
            ps_set_search: try ps.symbol("ps_set_search", as: (@convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> Int32).self),
            ps_start_utt: try ps.symbol("ps_start_utt", as: (@convention(c) (OpaquePointer?) -> Int32).self),
            ps_process_raw: try ps.symbol("ps_process_raw", as: (@convention(c) (OpaquePointer?, UnsafePointer<Int16>?, Int, Int32, Int32) -> Int32).self),
            ps_end_utt: try ps.symbol("ps_end_utt", as: (@convention(c) (OpaquePointer?) -> Int32).self),
            ps_get_hyp: try ps.symbol("ps_get_hyp", as: (@convention(c) (OpaquePointer?, UnsafeMutablePointer<Int32>?) -> UnsafePointer<CChar>?).self),
            ps_get_n_frames: try ps.symbol("ps_get_n_frames", as: (@convention(c) (OpaquePointer?) -> Int32).self),
            ps_seg_iter: try ps.symbol("ps_seg_iter", as: (@convention(c) (OpaquePointer?) -> OpaquePointer?).self),
            ps_seg_next: try ps.symbol("ps_seg_next", as: (@convention(c) (OpaquePointer?) -> OpaquePointer?).self),
            ps_seg_word: try ps.symbol("ps_seg_word", as: (@convention(c) (OpaquePointer?) -> UnsafePointer<CChar>?).self),
            ps_seg_prob: try ps.symbol("ps_seg_prob", as: (@convention(c) (OpaquePointer?, UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?) -> Int32).self),
            ps_get_logmath: try ps.symbol("ps_get_logmath", as: (@convention(c) (OpaquePointer?) -> OpaquePointer?).self),
            ps_set_fsg: try ps.symbol("ps_set_fsg", as: (@convention(c) (OpaquePointer?, UnsafePointer<CChar>?, OpaquePointer?) -> Int32).self),
            ps_get_prob: try ps.symbol("ps_get_prob", as: (@convention(c) (OpaquePointer?) -> Int32).self),
            fsg_model_readfile: try base.symbol("fsg_model_readfile", as: (@convention(c) (UnsafePointer<CChar>?, OpaquePointer?, Float) -> OpaquePointer?).self),
            fsg_model_free: try base.symbol("fsg_model_free", as: (@convention(c) (OpaquePointer?) -> Int32).self),
            ps_process_cep: try ps.symbol("ps_process_cep", as: (@convention(c) (OpaquePointer?, UnsafeMutablePointer<UnsafeMutablePointer<Float>?>?, Int32, Int32, Int32) -> Int32).self),
            cmd_ln_parse_file_r: try base.symbol("cmd_ln_parse_file_r", as: (@convention(c) (OpaquePointer?, OpaquePointer?, UnsafePointer<CChar>?, Int32) -> OpaquePointer?).self),
            fe_init_auto_r: try base.symbol("fe_init_auto_r", as: (@convention(c) (OpaquePointer?) -> OpaquePointer?).self),
            fe_free: try base.symbol("fe_free", as: (@convention(c) (OpaquePointer?) -> Int32).self),
            fe_get_output_size: try base.symbol("fe_get_output_size", as: (@convention(c) (OpaquePointer?) -> Int32).self),
            fe_start_utt: try base.symbol("fe_start_utt", as: (@convention(c) (OpaquePointer?) -> Int32).self),
            fe_process_frames: try base.symbol("fe_process_frames", as: (@convention(c) (OpaquePointer?, UnsafeMutablePointer<UnsafePointer<Int16>?>?, UnsafeMutablePointer<Int>?,
                                                                                           UnsafeMutablePointer<UnsafeMutablePointer<Float>?>?, UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?) -> Int32).self),
            fe_end_utt: try base.symbol("fe_end_utt", as: (@convention(c) (OpaquePointer?, UnsafeMutablePointer<Float>?, UnsafeMutablePointer<Int32>?) -> Int32).self)
        )
    }
}

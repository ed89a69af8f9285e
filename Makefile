# mapkit build.  `make` builds bin/mapkit and build/libmapkit.a;
# `make check` runs every test; `make check SANITIZE=1` runs them under
# AddressSanitizer and UndefinedBehaviorSanitizer (in build-san/).

CC      ?= cc
RE2C    ?= re2c
LEMON   ?= lemon
LEMPAR  ?= /usr/share/lemon/lempar.c
VERSION := 0.1.0

# The test runner (tests/runner.py) runs everything with ASAN_OPTIONS and
# UBSAN_OPTIONS that give the sanitizers exit codes of their own (86 for
# ASan and LeakSanitizer, 87 for UBSan, halt_on_error=1, detect_leaks=1,
# after any options already set), and reads those codes as failures: ASan's
# default, 1, would read as "race found".
ifeq ($(SANITIZE),1)
BUILD   := build-san
SANFLAGS := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
OPT     := -O1 -g
else
BUILD   := build
SANFLAGS :=
OPT     := -O2 -g
endif

BIN     := $(BUILD)/bin
LLVM    := /usr/lib/llvm-19
GEN     := $(BUILD)/gen
CFLAGS  := -std=c11 -D_POSIX_C_SOURCE=200809L -Wall -Wextra -Werror $(OPT) $(SANFLAGS) \
           -DMAPKIT_VERSION='"$(VERSION)"'
# Include paths per folder, so that the build enforces DESIGN.md's layering:
# dsl/ sees only itself (and its generated lexer and parser), checker/,
# codegen/ and infer/ only dsl/ besides themselves; fuzz/, cli/, the tests
# and the benchmarks see everything.
INC_dsl     := -I dsl -I $(GEN)
INC_checker := -I checker $(INC_dsl)
INC_codegen := -I codegen $(INC_dsl)
# infer/ in layers (docs/architecture-infer.md): each sub-folder sees the
# public infer.h, dsl/, libclang and the layers below it; core/ never sees
# models/.  infer/'s own files (the entry) see every layer.
INFER_BASE_INC   := -I infer $(INC_dsl) -I $(LLVM)/include
INC_infer_clang  := -I infer/clang $(INFER_BASE_INC)
INC_infer_core   := -I infer/core -I infer/clang $(INFER_BASE_INC)
INC_infer_models := -I infer/models -I infer/core -I infer/clang $(INFER_BASE_INC)
INC_infer_host   := -I infer/host -I infer/clang $(INFER_BASE_INC)
INC_infer        := -I infer/host -I infer/models -I infer/core -I infer/clang $(INFER_BASE_INC)
# infer/ptx/, the PTX front end (docs/ptx.md), stands beside libclang's
# layers, not on them: it sees itself, the public infer.h and dsl/, and no
# LLVM header.
INC_infer_ptx    := -I infer/ptx -I infer $(INC_dsl)
INC_ALL     := -I dsl -I checker -I codegen -I infer -I infer/ptx -I fuzz -I cli -I $(GEN) -I $(LLVM)/include
INC_gen     := $(INC_dsl) -I $(LLVM)/include
INC_fuzz    := $(INC_ALL)
INC_cli     := $(INC_ALL)
INC_tests   := $(INC_ALL)
INC_bench   := $(INC_ALL)
# the include path of the folder a source lies in ($* is its path less .c):
# its sub-folder's (infer/core/x: INC_infer_core) when it has one, else its
# top folder's
INC_OF = $(or $(INC_$(word 1,$(subst /, ,$*))_$(word 2,$(subst /, ,$*))),$(INC_$(firstword $(subst /, ,$*))))
# Generated code is not ours to warn about.
GENFLAGS := -Wno-unused-parameter -Wno-unused-variable -Wno-unused-but-set-variable -DNDEBUG
LDFLAGS := $(SANFLAGS)
# Z3: PyPI's z3-solver wheel (`make setup` installs it into deps/z3-solver;
# it decides queries that Debian's 4.8.12 gives up on: docs/checker.md,
# "Which Z3"), else Debian's libz3-dev.  Its libz3.so.5.4 comes first in
# the link, so every Z3_* call, ours and libLLVM's, goes to it, while
# libLLVM's libz3.so.4 is loaded beside it unused.
Z3_PIP_VERSION := 5.4.1.0
Z3_PIP  := $(abspath deps/z3-solver/z3)
# The build finds it in deps/ (Z3_RPATH); `make install` copies the
# library the driver loads (Z3_SONAME) into PREFIX/lib/mapkit and links
# the installed driver with a RUNPATH relative to itself, so that the
# install keeps working once the clone is gone.
ifneq ($(wildcard $(Z3_PIP)/lib/libz3.so),)
Z3_CFLAGS := -I $(Z3_PIP)/include
Z3_LIBS := -L$(Z3_PIP)/lib -lz3
Z3_RPATH := -Wl,-rpath,$(Z3_PIP)/lib
Z3_SONAME := $(notdir $(firstword $(wildcard $(Z3_PIP)/lib/libz3.so.*)))
else
Z3_CFLAGS :=
Z3_LIBS := -lz3
Z3_RPATH :=
Z3_SONAME :=
endif
CFLAGS  += $(Z3_CFLAGS)
# libclang is opened on first use (tools/lazy_libclang.py): a process that
# reads no CUDA or OpenCL file does not pay the 20 ms of loading it.  The
# sanitizer build links it: LeakSanitizer's exit scan crashes on the
# dynamic TLS of a libLLVM opened by dlopen ("Tracer caught signal 11").
LIBCLANG := $(LLVM)/lib/libclang.so
ifeq ($(SANITIZE),1)
LDLIBS_NO_Z3_RPATH := $(Z3_LIBS) -lpthread -L$(LLVM)/lib -lclang -Wl,-rpath,$(LLVM)/lib
else
LDLIBS_NO_Z3_RPATH := $(Z3_LIBS) -lpthread -ldl
endif
LDLIBS  := $(LDLIBS_NO_Z3_RPATH) $(Z3_RPATH)

DSL_SRC  := dsl/arena.c dsl/diag.c dsl/ast.c dsl/parse.c dsl/resolve.c dsl/print.c dsl/equal.c
DSL_SRC  += dsl/parse_atomic.c
DSL_SRC  += dsl/tile.c
DSL_SRC  += dsl/launch.c
DSL_SRC  += dsl/fence.c
DSL_SRC  += dsl/width.c
DSL_SRC  += dsl/helper_thread.c
DSL_SRC  += dsl/file_ids.c
DSL_GEN  := $(GEN)/lexer.c $(GEN)/parser.c
CHECKER_SRC := checker/facts.c checker/result.c checker/interp.c checker/smt.c checker/encode.c \
               checker/encode_int.c checker/encode_launch.c checker/encode_loop.c checker/encode_path.c \
               checker/encode_sync.c checker/race_query.c \
               checker/tiles.c \
               checker/witness.c checker/wellformed.c checker/interval.c checker/align.c \
               checker/split.c checker/check.c checker/equiv.c checker/lemmas.c \
               checker/vacuity.c checker/diverge.c \
               checker/uniform.c checker/solve_race.c checker/relax.c checker/groups.c checker/solve.c
CHECKER_SRC += checker/ticket.c
CHECKER_SRC += checker/conditions.c
CHECKER_SRC += checker/bounds.c
CHECKER_SRC += checker/radix.c
CHECKER_SRC += checker/depends.c
CODEGEN_SRC := $(wildcard codegen/*.c)
INFER_SRC := $(wildcard infer/*.c infer/*/*.c)
# the PTX lexer and parser, generated like dsl/'s (never committed)
PTX_GEN  := $(GEN)/ptx_lexer.c $(GEN)/ptx_parser.c
LIB_SRC  := $(DSL_SRC) $(CHECKER_SRC) $(CODEGEN_SRC) $(INFER_SRC)
LIB_OBJ  := $(patsubst %.c,$(BUILD)/obj/%.o,$(LIB_SRC)) \
            $(patsubst $(GEN)/%.c,$(BUILD)/obj/gen/%.o,$(DSL_GEN) $(PTX_GEN))
# fuzz/ (generator, oracles, mutations, shrinker) joins the library; its
# libFuzzer targets are built by clang alone (fuzz-smoke, below).
FUZZ_TARGETS := fuzz/fuzz_parse.c fuzz/fuzz_infer.c
FUZZ_SRC := $(filter-out $(FUZZ_TARGETS),$(wildcard fuzz/*.c))
LIB_OBJ  += $(patsubst %.c,$(BUILD)/obj/%.o,$(FUZZ_SRC))
# The emulation runtime and shims (fuzz/emulate/), embedded in the binary
# by a generated source (never committed), so that `mapkit emulate` stands
# alone once installed.
# The headers under fuzz/emulate/include/ stand for the toolkit's own
# (cuda_fp16.h, curand_kernel.h, ...), by their path below it.
EMU_EMBED := fuzz/emulate/runtime.h fuzz/emulate/runtime.c fuzz/emulate/shim_cuda.h fuzz/emulate/shim_cub.h \
             fuzz/emulate/shim_cub_exchange.h fuzz/emulate/shim_launch.h \
             fuzz/emulate/shim_opencl.h $(shell find fuzz/emulate/include -type f | sort)
LIB_OBJ  += $(BUILD)/obj/gen/emulate_sources.o
# every clang_* function the sources call, as a wrapper that opens libclang
# on the first call (generated, never committed)
CLANG_USERS := $(INFER_SRC) $(FUZZ_SRC) $(wildcard cli/*.c tests/*.c bench/*.c)
ifneq ($(SANITIZE),1)
LIB_OBJ  += $(BUILD)/obj/gen/libclang_lazy.o
endif
LIB      := $(BUILD)/libmapkit.a
CLI_OBJ  := $(patsubst %.c,$(BUILD)/obj/%.o,$(wildcard cli/*.c))
TEST_BINS := $(BIN)/test_unit $(BIN)/test_roundtrip $(BIN)/test_fixpoint $(BIN)/gen_random
TEST_BINS += $(BIN)/test_style
TEST_BINS += $(BIN)/test_external
TEST_BINS += $(BIN)/test_ptx
BENCH_BINS := $(BIN)/bench_parse $(BIN)/gen_big_proto

.PHONY: all check check-quick check-long fuzz-long snapshot-update bench clean setup fuzz-check install uninstall z3
.SECONDARY:
ifeq ($(SANITIZE),1)
all: $(BIN)/mapkit
else
all: bin/mapkit
endif

# bin/mapkit is the installed-looking driver; the sanitizer build keeps its
# own copy under build-san/bin.
bin/mapkit: $(BIN)/mapkit
	@mkdir -p bin
	cp $< $@.tmp && mv -f $@.tmp $@

$(BIN)/mapkit: $(CLI_OBJ) $(LIB)
	@mkdir -p $(@D)
	$(CC) $(LDFLAGS) -o $@ $(CLI_OBJ) $(LIB) $(LDLIBS)

$(LIB): $(LIB_OBJ)
	@rm -f $@
	ar rcs $@ $^

# One run of lemon makes both files (a grouped target: make -j must not
# start a second run while the first one's output is being compiled), and
# lemon leaves an unchanged parser.h as it was: touch both, or every build
# would run it again.
$(GEN)/parser.c $(GEN)/parser.h &: dsl/parser.y $(LEMPAR)
	@mkdir -p $(GEN)
	$(LEMON) -q -T$(LEMPAR) -d$(GEN) dsl/parser.y
	@touch $(GEN)/parser.c $(GEN)/parser.h

$(GEN)/lexer.c: dsl/lexer.re $(GEN)/parser.h
	@mkdir -p $(GEN)
	$(RE2C) -W -Werror --no-generation-date -o $@ $<

# The PTX grammar the same way; its symbols (PtxParse*, PTK_*) are its own.
$(GEN)/ptx_parser.c $(GEN)/ptx_parser.h &: infer/ptx/ptx_parser.y $(LEMPAR)
	@mkdir -p $(GEN)
	$(LEMON) -q -T$(LEMPAR) -d$(GEN) infer/ptx/ptx_parser.y
	@touch $(GEN)/ptx_parser.c $(GEN)/ptx_parser.h

$(GEN)/ptx_lexer.c: infer/ptx/ptx_lexer.re $(GEN)/ptx_parser.h
	@mkdir -p $(GEN)
	$(RE2C) -W -Werror --no-generation-date -o $@ $<

# the generated PTX sources see what infer/ptx/ sees; its sources need the
# token codes first
$(BUILD)/obj/gen/ptx_%.o: INC_gen := $(INC_infer_ptx)
$(patsubst %.c,$(BUILD)/obj/%.o,$(wildcard infer/ptx/*.c)): $(GEN)/ptx_parser.h

$(GEN)/emulate_sources.c: $(EMU_EMBED) tools/embed.py
	@mkdir -p $(GEN)
	python3 tools/embed.py $(EMU_EMBED) > $@.tmp && mv -f $@.tmp $@

$(GEN)/libclang_lazy.c: tools/lazy_libclang.py $(CLANG_USERS)
	@mkdir -p $(GEN)
	python3 tools/lazy_libclang.py $(LLVM)/include $(LIBCLANG) $(CLANG_USERS) > $@.tmp && mv -f $@.tmp $@

$(BUILD)/obj/gen/%.o: $(GEN)/%.c
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(INC_gen) $(GENFLAGS) -MMD -MP -c -o $@ $<

$(BUILD)/obj/%.o: %.c $(GEN)/parser.h
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(INC_OF) -MMD -MP -c -o $@ $<

# tests/check.c: the C test binaries' one assertion and summary line
$(BIN)/test_%: $(BUILD)/obj/tests/test_%.o $(BUILD)/obj/tests/check.o $(LIB)
	@mkdir -p $(@D)
	$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS)

$(BIN)/bench_parse: $(BUILD)/obj/bench/bench_parse.o $(LIB)
	@mkdir -p $(@D)
	$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS)

$(BIN)/gen_big_proto: $(BUILD)/obj/bench/gen_big_proto.o
	@mkdir -p $(@D)
	$(CC) $(LDFLAGS) -o $@ $^

$(BIN)/gen_random: $(BUILD)/obj/tests/gen_random.o
	@mkdir -p $(@D)
	$(CC) $(LDFLAGS) -o $@ $^
# gen_random is a thin main over the standalone generator of fuzz/.
$(BIN)/gen_random: $(BUILD)/obj/fuzz/randproto.o

# make install PREFIX=DIR (default /usr/local; DESTDIR too): the driver, the
# man page and the bash completion, both generated from the --help texts,
# and pip's Z3 where the build uses it (PREFIX/lib/mapkit).
PREFIX ?= /usr/local
SHARE   := $(BUILD)/share
INSTALLED := $(DESTDIR)$(PREFIX)/bin/mapkit $(DESTDIR)$(PREFIX)/share/man/man1/mapkit.1 \
             $(DESTDIR)$(PREFIX)/share/bash-completion/completions/mapkit
$(SHARE)/mapkit.1: $(BIN)/mapkit tools/man.sh
	@mkdir -p $(@D)
	tools/man.sh $(BIN)/mapkit $(VERSION) > $@.tmp && mv -f $@.tmp $@
$(SHARE)/mapkit.bash: $(BIN)/mapkit tools/completion.sh
	@mkdir -p $(@D)
	tools/completion.sh $(BIN)/mapkit > $@.tmp && mv -f $@.tmp $@
# With pip's Z3 the installed driver is linked again, from the same
# objects, with a RUNPATH of $ORIGIN/../lib/mapkit instead of deps/'s
# path; with Debian's there is nothing to carry.  Linked under a name of
# its own and renamed: the suite's install tests may run side by side.
ifneq ($(Z3_SONAME),)
INSTALLED += $(DESTDIR)$(PREFIX)/lib/mapkit/$(Z3_SONAME)
INSTALL_BIN := $(BUILD)/install/mapkit
$(INSTALL_BIN): $(CLI_OBJ) $(LIB)
	@mkdir -p $(@D)
	$(CC) $(LDFLAGS) -o $@.$$$$.tmp $(CLI_OBJ) $(LIB) $(LDLIBS_NO_Z3_RPATH) '-Wl,-rpath,$$ORIGIN/../lib/mapkit' && \
	    mv -f $@.$$$$.tmp $@
else
INSTALL_BIN := $(BIN)/mapkit
endif
install: $(INSTALL_BIN) $(SHARE)/mapkit.1 $(SHARE)/mapkit.bash
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/man/man1 \
	    $(DESTDIR)$(PREFIX)/share/bash-completion/completions
	install -m 755 $(INSTALL_BIN) $(DESTDIR)$(PREFIX)/bin/mapkit
	$(if $(Z3_SONAME),install -d $(DESTDIR)$(PREFIX)/lib/mapkit && \
	    install -m 644 $(Z3_PIP)/lib/$(Z3_SONAME) $(DESTDIR)$(PREFIX)/lib/mapkit/$(Z3_SONAME))
	install -m 644 $(SHARE)/mapkit.1 $(DESTDIR)$(PREFIX)/share/man/man1/mapkit.1
	install -m 644 $(SHARE)/mapkit.bash $(DESTDIR)$(PREFIX)/share/bash-completion/completions/mapkit
uninstall:
	rm -f $(INSTALLED)
	$(if $(Z3_SONAME),rmdir $(DESTDIR)$(PREFIX)/lib/mapkit 2> /dev/null || true)

# The suite (tests/README.md): tests/runner.py runs every case, JOBS at a
# time (default: the number of cores), and ends with "N passed, M failed";
# T=PATTERN keeps the cases whose name (a file's path) matches.  The
# sanitizer build runs it with fewer random protocols and no corpus
# snapshot (--sanitize).  check-quick is the edit loop's subset (the unit
# tests, the proto corpus, one file in ten of the other corpora, the
# command-line cases, a sample of the random protocols).
JOBS   ?= $(shell nproc 2> /dev/null || echo 2)
RUNNER  = python3 tests/runner.py --build $(BUILD) -j $(JOBS) $(if $(T),-T '$(T)') \
          $(if $(filter 1,$(SANITIZE)),--sanitize)
check: $(BIN)/mapkit $(TEST_BINS)
	@$(RUNNER)
check-quick: $(BIN)/mapkit $(TEST_BINS)
	@$(RUNNER) --mode quick

# The long suite: the randomised agreement of the engines with the
# interpreter on many more random protocols than `make check` runs
# (FUZZ_COUNT in the plain and extended generator modes, from FUZZ_SEED;
# a tenth as many, from their own seeds, in each of make check's suites:
# plain, tile syncs, fence flags), `mapkit fuzz
# --check` on FUZZ_COUNT protocols (differential testing with racy twins
# and shrinking; the extended mode's preconditions may leave an engine
# unknown), the corpus checked beside two CPU-burning processes, and the
# cases `make check` leaves to it (REQUIRES: long: the emulation oracle's
# other two thirds, the PTX cross-check's other nine tenths).
# check-long says what it is; fuzz-check is its former name.
FUZZ_COUNT ?= 10000
FUZZ_SEED ?= 1
fuzz-long: $(BIN)/mapkit $(BIN)/gen_random
	@FUZZ_COUNT=$(FUZZ_COUNT) FUZZ_SEED=$(FUZZ_SEED) $(RUNNER) --mode long
fuzz-check: fuzz-long
check-long: fuzz-long

# The corpus snapshot's records (tests/snapshot/), rewritten from this
# build: for a change meant to alter verdicts or messages, whose diff of
# tests/snapshot/ is then what a reviewer reads.
snapshot-update: $(BIN)/mapkit
	@tests/snapshot.sh --update $(BUILD)

# libFuzzer targets (docs/fuzz.md).  The library is rebuilt by clang with
# coverage and sanitizers in build-fuzz/; `make fuzz-smoke` replays
# fuzz/regress/ and runs each target FUZZ_SECONDS seconds from corpus/.
FUZZ_CC      ?= clang
FUZZ_BUILD   := build-fuzz
FUZZ_SAN     := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
FUZZ_SECONDS ?= 60
# The CUDA front end's target is built once infer/infer.h declares its entry.
FUZZ_HAVE_INFER := $(shell grep -qs 'Program \*infer_program' infer/infer.h && echo 1)
FUZZ_BINS := $(FUZZ_BUILD)/bin/fuzz_parse $(if $(FUZZ_HAVE_INFER),$(FUZZ_BUILD)/bin/fuzz_infer)
.PHONY: fuzz-smoke fuzz-lib clean-fuzz
fuzz-lib:
	@$(MAKE) --no-print-directory BUILD=$(FUZZ_BUILD) CC=$(FUZZ_CC) OPT="-O1 -g -Wno-error" \
	    SANFLAGS="-fsanitize=fuzzer-no-link $(FUZZ_SAN)" $(FUZZ_BUILD)/libmapkit.a

$(FUZZ_BUILD)/bin/fuzz_%: fuzz/fuzz_%.c fuzz-lib
	@mkdir -p $(@D)
	$(FUZZ_CC) -std=c11 -D_POSIX_C_SOURCE=200809L -O1 -g $(FUZZ_SAN) -fsanitize=fuzzer \
	    -I dsl -I checker -I codegen -I infer -I fuzz -I $(LLVM)/include \
	    -o $@ $< $(FUZZ_BUILD)/libmapkit.a $(LDLIBS)

fuzz-smoke: $(FUZZ_BINS)
	@FUZZ_SECONDS=$(FUZZ_SECONDS) fuzz/smoke.sh $(FUZZ_BUILD) $(FUZZ_BINS)

clean: clean-fuzz
clean-fuzz:
	rm -rf $(FUZZ_BUILD)

bench: $(BIN)/mapkit $(BENCH_BINS)
	@bench/run.sh $(BUILD)
	@bench/fig7.sh $(BUILD)
	@bench/infer.sh $(BUILD)
	@bench/check-cpu.sh $(BUILD)
	@bench/deadline.sh $(BUILD)
	@bench/slowest.sh $(BUILD)
	@bench/emulate.sh $(BUILD)
	@bench/project-cache.sh $(BUILD)
	@bench/suite.sh $(BUILD)

# Installs the Debian packages mapkit needs, then builds.
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
PACKAGES := build-essential re2c lemon libz3-dev libclang-19-dev pkg-config gnuplot-nox
# pip, for `make z3` (PyPI's Z3)
PACKAGES += python3-pip
# clang and its libFuzzer runtime, for fuzz-smoke.
PACKAGES += clang libclang-rt-14-dev
# clang++-19 compiles a kernel as host C++ for `mapkit emulate` (docs/emulate.md)
PACKAGES += clang-19
# the suite validates SARIF reports against the SARIF 2.1.0 schema
PACKAGES += python3-jsonschema
# an OpenCL platform on the CPU (PoCL), for the --main programs of gen --lang=opencl
PACKAGES += pocl-opencl-icd ocl-icd-opencl-dev clinfo
# Another apt (unattended-upgrades, a second setup) may hold dpkg's lock:
# wait for it, up to ten minutes, rather than fail at once.
APT_LOCK_WAIT = -o DPkg::Lock::Timeout=600
setup:
	$(SUDO) apt-get $(APT_LOCK_WAIT) update
	$(SUDO) apt-get $(APT_LOCK_WAIT) install -y --no-install-recommends $(PACKAGES)
	$(MAKE) z3
	$(MAKE) all

# The newer Z3 (see Z3_PIP above); without pip the build falls back to
# Debian's, which leaves some sorting-network kernels unknown.  A build
# made before it was installed is rebuilt (make clean).
z3:
	@if [ -f $(Z3_PIP)/lib/libz3.so ] && [ -d deps/z3-solver/z3_solver-$(Z3_PIP_VERSION).dist-info ]; then \
	    echo "z3: z3-solver $(Z3_PIP_VERSION) is in deps/z3-solver"; \
	else \
	    rm -rf deps/z3-solver && \
	    python3 -m pip install --no-deps --target deps/z3-solver z3-solver==$(Z3_PIP_VERSION) && \
	    rm -rf $(BUILD) build-san bin; \
	fi

clean:
	rm -rf build build-san bin

-include $(shell find $(BUILD)/obj -name '*.d' 2>/dev/null)

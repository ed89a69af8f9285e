//pass
//--blockDim=64 --gridDim=4
// Every GPUVerify annotation the front end accepts.  Preconditions are
// assumptions; a precondition about the other thread (__other_int,
// __other_bool, __same_group) is a pairwise one (1@x, 2@x); loop
// invariants, postconditions and the access predicates inside them are
// proof hints and leave no trace.
__device__ int *row_of(int *base, int r)
{
    __return_val_ptr();
    __ensures(__return_val_int() >= 0);
    return base + r * 64;
}

__device__ int clamp64(int v)
{
    __requires(v >= 0);
    __ensures(__return_val_int() < 64);
    return v % 64;
}

__global__ void contracts(int *A, int *B, const int *perm, int n, bool flip)
{
    __requires(n > 0);
    __global_requires(n <= 1024);
    __requires_fresh_array(B);
    __requires(__other_int(n) == n);
    __requires(__other_bool(flip) == flip);
    __ensures(__enabled());
    __global_ensures(__no_write(perm));
    int p = perm[blockIdx.x * 64 + threadIdx.x];
    __assume(__implies(__same_group(), __other_int(p) != p));
    __assume(p >= 0 && p < 64);
    for (int i = threadIdx.x; __invariant(i >= threadIdx.x), __global_invariant(__no_read(B)), i < n;
         i += blockDim.x) {
        __invariant(__implies(__enabled(), i % 64 == threadIdx.x));
        __global_invariant(__write_implies(A, __write_offset_bytes(A) / sizeof(int) >= 0));
        __invariant(__read_implies(B, true));
        __invariant(__no_read(A));
        row_of(A, blockIdx.x)[clamp64(i)] = flip;
    }
    for (int j = 0; j < 4; j++) {
        __invariant(__no_write(perm));
        B[(blockIdx.x * 4 + j) * 64 + clamp64(p)] = j;
    }
}

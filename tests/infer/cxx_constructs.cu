// C++ and CUDA constructs (issue 15 item 5, docs/inference.md).
struct Cell { float v[4]; int tag; };
struct Args { float *out; int n; };
__device__ void first(float *s, int i) { s[i] = 1.0f; }
__device__ void second(float *s, int i) { s[i + 1] = 2.0f; }
__device__ void store(Args a, int i) { a.out[i] = 0.0f; }

// memcpy and memset: loops over the cells their bytes cover
__global__ void mem_ops(const float *in, float *out)
{
    __shared__ float s[256 * 4];
    memcpy(&s[threadIdx.x * 4], &in[threadIdx.x * 4], 4 * sizeof(float));
    __syncthreads();
    memset((char *)out + threadIdx.x * 2, 0, 2);
}

// forward goto: a break out of the region up to the label
__global__ void forward_goto(float *out, int n)
{
    if (threadIdx.x >= n)
        goto done;
    out[threadIdx.x] = 1.0f;
done:
    out[n] = 0.0f;
}

// lambdas: the body inlined at each call
__global__ void lambdas(float *out)
{
    __shared__ float s[256];
    auto put = [&](int k, float v) { s[k] = v; };
    put(threadIdx.x, 1.0f);
    __syncthreads();
    out[threadIdx.x] = s[(threadIdx.x + 1) % 256];
}

// a function pointer: each function of the file with its type
__global__ void function_pointer(float *out, int which)
{
    __shared__ float s[257];
    void (*f)(float *, int) = which ? first : second;
    f(s, threadIdx.x);
}

// ?: between two arrays: the rest of the block once per choice
__global__ void pointer_choice(float *A, float *B, int flip)
{
    float *p = flip ? A : B;
    p[threadIdx.x] = 0.0f;
}

// an array of structs of arrays: A[i].v[k] is an access to A[i]
__global__ void struct_arrays(Cell *c)
{
    c[threadIdx.x].v[2] = 0.0f;
}

// T &r = s[i] stays bound in a loop; a struct by value keeps its arrays
__global__ void references(float *in, Args a, int rows)
{
    __shared__ float acc[256];
    float &mine = acc[threadIdx.x];
    for (int r = 0; r < rows; r++)
        mine += in[r * 256 + threadIdx.x];
    store(a, threadIdx.x);
}

// the seed read of an atomicCAS loop is atomic
__global__ void cas_loop(int *addr)
{
    int old = *addr, assumed;
    do {
        assumed = old;
        old = atomicCAS(addr, assumed, assumed + 1);
    } while (assumed != old);
}

// the assignment form: the rest of the block once per choice; after the
// block the pointer is untracked
__global__ void pointer_assign(float *A, float *B, int flip)
{
    float *p = A;
    p = flip ? B : A;
    p[threadIdx.x] = 1.0f;
}

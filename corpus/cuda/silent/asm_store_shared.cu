//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: unknown — the inline PTX stores every thread's value to the first word of s (a write-write race on s[0]); a front end cannot read PTX, so it must not call the kernel race-free.
// An inline asm store (st.shared) to a shared address.
__global__ void asmStore(int *out)
{
    __shared__ int s[64];
    unsigned addr = static_cast<unsigned>(__cvta_generic_to_shared(&s[0]));
    int v = threadIdx.x;
    asm volatile("st.shared.u32 [%0], %1;" :: "r"(addr), "r"(v) : "memory");
    __syncthreads();
    out[threadIdx.x] = s[0];
}

//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — thread t writes the int member of s[t] and reads the float member of s[t + 1], which thread t + 1 writes: both members are the same memory.
// A union in shared memory, written through one member and read through another.
union Word {
    int i;
    float f;
};

__global__ void punning(float *out)
{
    __shared__ Word s[64 + 1];
    s[threadIdx.x].i = threadIdx.x;
    out[threadIdx.x] = s[threadIdx.x + 1].f;
}

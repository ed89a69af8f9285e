//pass
//--blockDim=64 --gridDim=1
// expect: drf — a precondition about the other thread's flag: two threads never both have up set, so only one stores to A[0].
__global__ void k(int *A, const int *flags)
{
    bool up = flags[threadIdx.x] != 0;
    __assume(!(up && __other_bool(up)));
    __ensures(__enabled());
    if (up)
        A[0] = 1;
}

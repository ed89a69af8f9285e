//xfail:NOT_ALL_VERIFIED
//--local_size=[32,4] --num_groups=[128,16]
// expect: racy — without the precondition n may be below 4096, the width of the grid in x, so the rows of y = 0 and y = 1 overlap: A[j] for j = n is row 1's A[1 * n + 0]
__kernel void kernel0(__global float *A, __global const float *B, int n)
{
    __requires(n > 0);
    int j = get_global_id(0);
    int i = get_global_id(1);
    A[i * n + j] = 2.0f * B[i * n + j];
}

//pass
//--local_size=[32,4] --num_groups=[128,16]
// expect: drf — the row length n is fixed to 4096 by the precondition, the width of the grid in x, so the rows A[i * n .. i * n + 4095] of different y never overlap (a polyhedral compiler's kernel states its sizes this way)
__kernel void kernel0(__global float *A, __global const float *B, int n)
{
    __requires(n == 4096);
    int j = get_global_id(0);
    int i = get_global_id(1);
    A[i * n + j] = 2.0f * B[i * n + j];
}

//xfail:NOT_ALL_VERIFIED
//--local_size=[16,16] --num_groups=[8,8]
// expect: racy — dst pixel (x / 2, y) is written by work-items x = 2i and x = 2i + 1 with the two different source pixels they read
__kernel void k(read_only image2d_t src, write_only image2d_t dst)
{
  const sampler_t smp = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;
  int x = get_global_id(0);
  int y = get_global_id(1);
  float4 px = read_imagef(src, smp, (int2)(x, y));
  write_imagef(dst, (int2)(x / 2, y), px);
}

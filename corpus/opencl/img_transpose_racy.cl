//xfail:NOT_ALL_VERIFIED
//--local_size=[16,16] --num_groups=[8,8]
// expect: racy — writing to (y, x / 2) sends work-items (2i, y) and (2i + 1, y) to the same dst pixel with different source pixels
__kernel void k(read_only image2d_t src, write_only image2d_t dst)
{
  const sampler_t smp = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;
  int x = get_global_id(0);
  int y = get_global_id(1);
  float4 px = read_imagef(src, smp, (int2)(x, y));
  write_imagef(dst, (int2)(y, x / 2), px);
}
